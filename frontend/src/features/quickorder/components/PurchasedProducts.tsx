import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListFilters } from '../../../components/listPage/ListFilters';
import { ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { toast } from '../../../components/toast/toastStore';
import { TransferReportDialog, type TransferItem } from '../../../components/transferReport/TransferReportDialog';
import { useErrorText } from '../../../lib/errorText';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { clearDraftCopy } from '../../../lib/quoteDraftCopy';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { MAX_PURCHASED_SEARCH_LENGTH, usePurchasedProducts, type PurchasedProduct } from '../api/purchasedProducts';
import { QUICK_ORDER_ADD_TO_QUOTE } from '../api/quoteDraftAdd';
import type { ShoppingListItemInput } from '../api/shoppingListWrites';
import type { CartLine } from '../cartTransfer';
import { quickOrderMessages } from '../messages';
import {
  NO_PURCHASED_FILTERS,
  hasPurchasedFilters,
  parsePurchasedListParams,
  purchasedListSearchParams,
  purchasedVariables,
  samePurchasedFilters,
  type PurchasedFilters,
} from '../purchasedListParams';
import { cartReport, useCartTransfer } from '../useCartTransfer';
import type { QuickOrderRights } from '../useQuickOrderRights';
import { AddToListDialog } from './AddToListDialog';
import { PurchasedTable, isSelectable } from './PurchasedTable';

const Section = styled('section')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(2), minWidth: 0 }));

const Bar = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(1.5, 2),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
}));

const BarLine = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1, 1.5),
  [theme.breakpoints.down('sm')]: { '& > .MuiButton-root': { flex: '1 1 100%' } },
}));

const Count = styled(Typography)({ marginRight: 'auto' }) as typeof Typography;

type Action = 'cart' | 'quote';

/** A chosen row: the product and the quantity to order. */
interface Chosen {
  product: PurchasedProduct;
  quantity: number;
}

const optionsOf = (product: PurchasedProduct) => product.optionList.map(({ optionId, optionValue }) => ({ optionId, value: optionValue }));

function cartLine({ product, quantity }: Chosen): CartLine {
  return {
    key: product.id,
    productId: product.productId!,
    variantId: product.variantId,
    quantity,
    options: optionsOf(product),
    sku: product.sku,
    name: product.productName,
    purchasable: product.purchasable,
    availableStock: product.availableStock,
  };
}

/**
 * shell §2 "buy again": every product the caller — or with company-wide order rights, the company — has ordered,
 * searched, filtered by the days ordered, sorted and paged on the server (the state in the URL). Rows are ticked
 * across pages with a quantity each, then added to the cart (with the report of what went in), the quote draft or
 * a shopping list.
 */
export function PurchasedProducts({ rights, companyWide }: { rights: QuickOrderRights; companyWide: boolean }) {
  const t = useMessages(quickOrderMessages);
  const errorText = useErrorText();
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const { channelId } = usePortalConfig();
  const headingId = useId();
  const { state, update } = useUrlListState(parsePurchasedListParams, purchasedListSearchParams);
  const list = usePurchasedProducts(purchasedVariables(state));
  const settled = useLastPageClamp(list, state, update);
  const cart = useCartTransfer();
  const [quantities, setQuantities] = useState<ReadonlyMap<string, number>>(new Map());
  // Ticked rows, over every page (business §2 selectable table: select across pages).
  const [selected, setSelected] = useState<ReadonlyMap<string, PurchasedProduct>>(new Map());
  const [busy, setBusy] = useState<Action | null>(null);
  const [listItems, setListItems] = useState<ShoppingListItemInput[] | null>(null);

  const products = list.data?.products;
  const pageSelectable = (products ?? []).filter(isSelectable);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((product) => selected.has(product.id));
  const someOnPage = pageSelectable.some((product) => selected.has(product.id));
  const quantityOf = (product: PurchasedProduct) => quantities.get(product.id) ?? 1;
  const chosen: Chosen[] = [...selected.values()].map((product) => ({ product, quantity: quantityOf(product) }));

  const toggle = (product: PurchasedProduct) =>
    setSelected((current) => {
      const next = new Map(current);
      if (!next.delete(product.id)) next.set(product.id, product);
      return next;
    });
  const togglePage = () =>
    setSelected((current) => {
      const next = new Map(current);
      for (const product of pageSelectable) {
        if (allOnPage) next.delete(product.id);
        else next.set(product.id, product);
      }
      return next;
    });
  const unselect = (ids: Iterable<string | number>) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const id of ids) next.delete(String(id));
      return next;
    });
  // A quantity typed for a row means the buyer wants it: the row is ticked.
  const setQuantity = (product: PurchasedProduct, quantity: number) => {
    setQuantities((current) => new Map(current).set(product.id, quantity));
    setSelected((current) => (current.has(product.id) ? current : new Map(current).set(product.id, product)));
  };

  const toCart = async () => {
    // What cannot be bought today is reported without asking the cart (business §4 stock check); the cart checks the rest.
    const held: TransferItem[] = [];
    const lines: CartLine[] = [];
    for (const entry of chosen) {
      const { product, quantity } = entry;
      const item = { key: product.id, sku: product.sku, name: product.productName, quantity, reason: null };
      if (!product.purchasable) held.push({ ...item, code: 'PURCHASE_DISABLED' });
      else if (product.availableStock !== null && quantity > product.availableStock) held.push({ ...item, code: 'OUT_OF_STOCK' });
      else lines.push(cartLine(entry));
    }
    setBusy('cart');
    const result = await cart.add(lines);
    setBusy(null);
    if (!result) return;
    unselect(result.added.map((line) => line.key));
    cart.showReport(cartReport(result, { notAdded: held, cartNote: t('quickOrder.cartNote') }));
  };

  const toQuote = async () => {
    setBusy('quote');
    try {
      const lines = chosen.map(({ product, quantity }) => ({ productId: product.productId, variantId: product.variantId, quantity, options: optionsOf(product) }));
      await client.request(QUICK_ORDER_ADD_TO_QUOTE, { channelId, lines }, { suppressErrorToast: true });
      // The quote draft changed behind its page: its cached copy and local copy are dropped.
      clearDraftCopy();
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_SCOPE, 'quoteDraft'] });
      unselect(selected.keys());
      cart.showReport({
        target: 'quote',
        added: chosen.map(({ product, quantity }) => ({ key: product.id, sku: product.sku, name: product.productName, quantity, code: null, reason: null })),
        notAdded: [],
      });
    } catch (error) {
      toast.error(quoteErrorText(error) ?? errorText(error));
    } finally {
      setBusy(null);
    }
  };

  const quoteErrorText = (error: unknown): string | null => {
    if (!(error instanceof GraphQLRequestError)) return null;
    switch (error.code) {
      case 'NOT_QUOTABLE':
        return t('quickOrder.error.notQuotable');
      case 'PRICE_ERROR':
        return t('quickOrder.error.priceError');
      case 'QUOTE_QUANTITY_OUT_OF_RANGE':
        return t('quickOrder.error.quoteQuantity');
      case 'QUOTES_DISABLED':
        return t('quickOrder.error.quotesDisabled');
      default:
        return null;
    }
  };

  const filtered = hasPurchasedFilters(state);
  const nothingAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const clearFilters = () => update({ ...NO_PURCHASED_FILTERS, page: 1 });
  const errorState = listErrorState(list, { title: t('quickOrder.purchased.loadError'), detail: errorText(list.error), retryLabel: t('quickOrder.retry') });
  const emptyState = filtered ? (
    <DataTableMessage
      title={t('quickOrder.purchased.noMatch.title')}
      actions={
        <Button variant="outlined" onClick={clearFilters}>
          {t('quickOrder.clearFilters')}
        </Button>
      }
    >
      {t('quickOrder.purchased.noMatch.body')}
    </DataTableMessage>
  ) : (
    <DataTableMessage title={t('quickOrder.purchased.empty.title')}>{t('quickOrder.purchased.empty.body')}</DataTableMessage>
  );
  const title = t('quickOrder.purchased.title');
  const anyAction = rights.cart || rights.quote || rights.list;

  return (
    <Section aria-labelledby={headingId}>
      <div>
        <Typography variant="h2" id={headingId}>
          {title}
        </Typography>
        <Typography color="text.secondary">{companyWide ? t('quickOrder.purchased.introCompany') : t('quickOrder.purchased.intro')}</Typography>
      </div>
      {!nothingAtAll && (
        // Search (name or SKU) and the days of the orders counted.
        <ListFilters<PurchasedFilters>
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={clearFilters}
          texts={{ label: t('quickOrder.filters.label'), search: t('quickOrder.search'), searchPlaceholder: t('quickOrder.searchPlaceholder'), clear: t('quickOrder.clearFilters') }}
          searchMaxLength={MAX_PURCHASED_SEARCH_LENGTH}
          searchFlex="1 1 100%"
          dateRange={{ fromLabel: t('quickOrder.filter.dateFrom'), toLabel: t('quickOrder.filter.dateTo'), invalidText: t('quickOrder.filter.dateRangeInvalid') }}
          same={samePurchasedFilters}
          none={NO_PURCHASED_FILTERS}
          hasFilters={hasPurchasedFilters}
        />
      )}
      {anyAction && !nothingAtAll && (
        <Bar variant="outlined" role="group" aria-label={t('quickOrder.selection.label')}>
          <BarLine>
            <FormControlLabel
              control={<Checkbox checked={allOnPage} indeterminate={someOnPage && !allOnPage} disabled={pageSelectable.length === 0} onChange={togglePage} />}
              label={t('quickOrder.selection.selectPage')}
            />
            <Count variant="body2" role="status" data-testid="purchased-selection-count">
              {t('quickOrder.selection.count', { count: selected.size })}
            </Count>
            {selected.size > 0 && (
              <Button variant="text" onClick={() => setSelected(new Map())} disabled={busy !== null}>
                {t('quickOrder.selection.clear')}
              </Button>
            )}
          </BarLine>
          <BarLine>
            {rights.cart && (
              <Button variant="contained" disabled={selected.size === 0 || busy !== null} loading={busy === 'cart'} loadingPosition="start" onClick={() => void toCart()}>
                {t('quickOrder.actions.cart')}
              </Button>
            )}
            {rights.quote && (
              <Button variant="outlined" disabled={selected.size === 0 || busy !== null} loading={busy === 'quote'} loadingPosition="start" onClick={() => void toQuote()}>
                {t('quickOrder.actions.quote')}
              </Button>
            )}
            {rights.list && (
              <Button
                variant="outlined"
                disabled={selected.size === 0 || busy !== null}
                onClick={() =>
                  setListItems(chosen.map(({ product, quantity }) => ({ productId: product.productId, variantId: product.variantId, quantity, options: product.optionList })))
                }
              >
                {t('quickOrder.actions.list')}
              </Button>
            )}
          </BarLine>
        </Bar>
      )}
      <PurchasedTable
        label={title}
        products={products}
        totalCount={list.data?.totalCount ?? 0}
        page={state.page}
        pageSize={state.pageSize}
        orderBy={state.orderBy}
        loading={list.isFetching}
        errorState={errorState}
        emptyState={emptyState}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
        selected={new Set(selected.keys())}
        quantityOf={quantityOf}
        onToggle={toggle}
        onQuantity={setQuantity}
      />
      <ResultCountStatus>{settled && !list.isFetching ? t('quickOrder.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
      <TransferReportDialog report={cart.report} onClose={cart.closeReport} />
      <AddToListDialog items={listItems} kind={rights.listKind} onClose={() => setListItems(null)} onAdded={() => unselect(selected.keys())} />
    </Section>
  );
}
