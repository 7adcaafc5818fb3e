import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { findRoute, routeAccess } from '../../../app/access';
import { useAccessState } from '../../../app/useAccess';
import { BudgetPanel } from '../../../components/budgetPanel/BudgetPanel';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPagination } from '../../../components/dataTable/ListPagination';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useUrlListState } from '../../../components/listPage/useUrlListState';
import { ProductOptionsDialog, type LineOptionsChange } from '../../../components/productSearch/ProductOptionsDialog';
import { toast } from '../../../components/toast/toastStore';
import { TransferReportDialog, type TransferItem, type TransferReport } from '../../../components/transferReport/TransferReportDialog';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useShoppingList, useShoppingListSelectionFacts } from '../api/shoppingList';
import { quoteOptionsOf } from '../api/shoppingListAddToQuote';
import { MAX_REJECTION_REASON_LENGTH } from '../api/shoppingListApproval';
import { makerName, type ShoppingListItem } from '../api/shoppingListFields';
import type { ShoppingListItemInput } from '../api/shoppingListItemsCreate';
import { useJuniorPlaceOrder } from '../api/shoppingListsEnabled';
import { AddToListPanel } from '../components/AddToListPanel';
import { PageSection } from '../../../components/PageSection';
import { SelectionFooter, type SelectionAction } from '../components/SelectionFooter';
import { ShoppingListDialog, type ShoppingListDialogTarget } from '../components/ShoppingListDialog';
import { ShoppingListHeader, type ListAction } from '../components/ShoppingListHeader';
import { ShoppingListItemsTable } from '../components/ShoppingListItemsTable';
import { TextEntryDialog, type TextEntryRequest } from '../components/TextEntryDialog';
import { shoppingListsMessages } from '../messages';
import { effectiveSelection, isSelectable, selectAllState, selectedFacts, sumDecimals } from '../selection';
import { isShoppingListUnreachable, useShoppingListErrorText, useShoppingListFieldErrors } from '../shoppingListErrors';
import {
  SHOPPING_LIST_ITEM_PAGE_SIZES,
  parseShoppingListItemsParams,
  shoppingListItemsSearchParams,
  shoppingListPageVariables,
} from '../shoppingListItemsParams';
import { shoppingListOrigin } from '../shoppingListPaths';
import { useShoppingListKind } from '../useShoppingListKind';
import { useShoppingListWrites, type ShoppingListDetails } from '../useShoppingListWrites';

/** A product's note, at most 1,000 characters (docs/api.md "Changing products"). */
const NOTE_MAX_LENGTH = 1000;

const Page = styled('div')(({ theme }) => ({
  maxWidth: 1180,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const HeaderPanel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

const Pagination = styled(ListPagination)(({ theme }) => ({
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', rowGap: theme.spacing(0.5), paddingLeft: 0 },
}));

/** The link back to the lists page as it was left (the plain lists page when the list was opened some other way). */
function BackLink() {
  const t = useMessages(shoppingListsMessages);
  const origin = shoppingListOrigin(useLocation().state);
  return (
    <div>
      <Link component={RouterLink} to={origin ?? ROUTE_PATHS.shoppingLists} variant="body2">
        <span aria-hidden>← </span>
        {t('shoppingLists.detail.back')}
      </Link>
    </div>
  );
}

function transferItem(item: { id: number; variantSku: string; productName: string; quantity: number }): TransferItem {
  return { key: item.id, sku: item.variantSku, name: item.productName, quantity: item.quantity, code: null, reason: null };
}

/**
 * `/shoppingList/:id` (shell §2, issue 18): a list — its header with the approval workflow, business §2's
 * selectable table of its products at today's prices, the selection's footer (Add selected to cart / to quote) and
 * the add-to-list panel (search with options, quick add by SKU).
 */
export function ShoppingListPage() {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const t = useMessages(shoppingListsMessages);
  const errorText = useShoppingListErrorText();
  const fieldErrors = useShoppingListFieldErrors();
  const formatMoney = useFormatMoney();
  const access = useAccessState();
  const { kind, juniorBuyer } = useShoppingListKind();
  const company = kind === 'company';
  const { state, update } = useUrlListState(parseShoppingListItemsParams, shoppingListItemsSearchParams);
  const query = useShoppingList(id === null ? null : kind, shoppingListPageVariables(id ?? 0, state));
  const list = query.data?.list;
  const writes = useShoppingListWrites(kind);

  // Add selected to quote: where the quote draft lets this user in (shell §2/§6: the quote switches, create_quote).
  const quoteDraftRoute = findRoute(ROUTE_PATHS.quoteDraft);
  const canAddToQuote = access.status === 'ready' && quoteDraftRoute !== null && routeAccess(quoteDraftRoute, access.context) === 'allowed';
  const selectionEnabled = Boolean(list && (list.canAddToCart || canAddToQuote));
  const facts = useShoppingListSelectionFacts(kind, id ?? 0, id !== null && selectionEnabled);
  const juniorSwitch = useJuniorPlaceOrder(company && juniorBuyer);

  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [listBusy, setListBusy] = useState<ListAction | null>(null);
  const [itemsBusy, setItemsBusy] = useState(false);
  const [selectionBusy, setSelectionBusy] = useState<SelectionAction | null>(null);
  const [report, setReport] = useState<TransferReport | null>(null);
  const [dialog, setDialog] = useState<ShoppingListDialogTarget | null>(null);
  const [textRequest, setTextRequest] = useState<TextEntryRequest | null>(null);
  const [editingOptions, setEditingOptions] = useState<ShoppingListItem | null>(null);
  const [removing, setRemoving] = useState<{ open: boolean; item: ShoppingListItem | null }>({ open: false, item: null });

  const selectable = useMemo(() => (facts.data ? new Set(facts.data.filter(isSelectable).map((fact) => fact.id)) : null), [facts.data]);
  const ticked = effectiveSelection(selected, selectable);

  if (id === null || query.isError || (!query.data && !query.isPending)) {
    const unreachable = id === null || isShoppingListUnreachable(query.error);
    return (
      <Page>
        <Typography variant="h1">{unreachable ? t('shoppingLists.detail.notFound.title') : t('shoppingLists.detail.heading')}</Typography>
        {unreachable ? (
          <Alert severity="warning">
            <AlertTitle>{t('shoppingLists.detail.notFound.body')}</AlertTitle>
            {t('shoppingLists.detail.notFound.hint')}
          </Alert>
        ) : (
          <LoadErrorAlert message={t('shoppingLists.detail.loadError')} retryLabel={t('shoppingLists.retry')} onRetry={() => void query.refetch()} />
        )}
        <div>
          <Button component={RouterLink} to={ROUTE_PATHS.shoppingLists} variant="outlined">
            {t('shoppingLists.detail.back')}
          </Button>
        </div>
      </Page>
    );
  }

  if (!query.data || !list) {
    return (
      <Page>
        <Centered>
          <CircularProgress aria-label={t('shoppingLists.detail.loading')} />
        </Centered>
      </Page>
    );
  }

  const { items, totalCount } = query.data;
  const display = { currencyCode: list.currencyCode, showInclusive: list.showInclusive, pricesHidden: list.pricesHidden };

  const run = async (work: () => Promise<unknown>, success: string | null, onError?: (error: unknown) => void) => {
    try {
      await work();
      if (success) toast.success(success);
      return true;
    } catch (error) {
      if (onError) onError(error);
      else toast.error(errorText(error));
      return false;
    }
  };

  const onListAction = async (action: ListAction) => {
    if (action === 'edit') {
      setDialog({ mode: 'edit', list });
      return;
    }
    if (action === 'reject') {
      setTextRequest({
        title: t('shoppingLists.reject.title', { name: list.name }),
        body: t('shoppingLists.reject.body'),
        label: t('shoppingLists.reject.reason'),
        initial: '',
        maxLength: MAX_REJECTION_REASON_LENGTH,
        requiredMessage: t('shoppingLists.reject.required'),
        submitLabel: t('shoppingLists.reject.confirm'),
        field: 'reason',
        destructive: true,
        onSave: async (reason) => {
          await writes.reject(list.id, reason);
          toast.success(t('shoppingLists.toast.rejected', { name: list.name }));
        },
      });
      return;
    }
    setListBusy(action);
    if (action === 'submit') await run(() => writes.submit(list.id), t('shoppingLists.toast.submitted', { name: list.name }));
    else await run(() => writes.approve(list.id), t('shoppingLists.toast.approved', { name: list.name }));
    setListBusy(null);
  };

  const saveDetails = async (_target: ShoppingListDialogTarget, details: ShoppingListDetails) => {
    await writes.update(list.id, details);
    setDialog(null);
    toast.success(t('shoppingLists.toast.saved', { name: details.name }));
  };

  const itemWrite = async (work: () => Promise<unknown>, success: string | null) => {
    setItemsBusy(true);
    const done = await run(work, success);
    setItemsBusy(false);
    return done;
  };

  const onQuantity = (item: ShoppingListItem, quantity: number) =>
    void itemWrite(() => writes.updateItem(list.id, item.id, { quantity }), null);

  const onSaveOptions = async (item: ShoppingListItem, change: LineOptionsChange): Promise<Record<string, string> | null> => {
    try {
      await writes.updateItem(list.id, item.id, {
        variantId: change.variantId,
        options: change.options.map(({ optionId, value }) => ({ optionId, optionValue: value })),
      });
      toast.success(t('shoppingLists.toast.optionsSaved', { name: item.productName }));
      return null;
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length === 0) toast.error(errorText(error));
      return fields;
    }
  };

  const onEditNote = (item: ShoppingListItem) =>
    setTextRequest({
      title: t('shoppingLists.note.title', { name: item.productName }),
      label: t('shoppingLists.note.label'),
      initial: item.productNote,
      maxLength: NOTE_MAX_LENGTH,
      submitLabel: t('shoppingLists.note.save'),
      field: 'productNote',
      onSave: async (note) => {
        await writes.updateItem(list.id, item.id, { productNote: note });
        toast.success(t('shoppingLists.toast.noteSaved', { name: item.productName }));
      },
    });

  const confirmRemove = () => {
    const item = removing.item;
    setRemoving((current) => ({ ...current, open: false }));
    if (item) void itemWrite(() => writes.removeItems(list.id, [item.id]), t('shoppingLists.toast.removed', { name: item.productName }));
  };

  const onAddItems = async (input: ShoppingListItemInput[]) => (await writes.addItems(list.id, input)).message;

  const toggle = (item: ShoppingListItem) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(item.id)) next.add(item.id);
      return next;
    });
  const allState = selectAllState(ticked, selectable);
  const toggleAll = () => setSelected(allState === 'all' || !selectable ? new Set() : new Set(selectable));

  const chosen = selectedFacts(facts.data ?? [], ticked);
  const subtotalAmount = list.pricesHidden ? null : sumDecimals(chosen.map((fact) => (list.showInclusive ? fact.lineTotalWithTax : fact.lineTotal)));

  const onSelectionAction = async (action: SelectionAction) => {
    if (ticked.length === 0) return;
    setSelectionBusy(action);
    if (action === 'cart') {
      await run(async () => {
        const result = await writes.addToCart(list.id, ticked);
        const item = (line: (typeof result.added)[number]) => ({ ...line, key: line.itemId });
        setReport({ target: 'cart', added: result.added.map(item), notAdded: result.notAdded.map(item) });
      }, null);
    } else {
      await run(async () => {
        await writes.addToQuote(chosen.map((fact) => ({ productId: fact.productId, variantId: fact.variantId, quantity: fact.quantity, options: quoteOptionsOf(fact.optionList) })));
        setReport({ target: 'quote', added: chosen.map(transferItem), notAdded: [] });
      }, null);
    }
    setSelectionBusy(null);
  };

  // Who to ask to order an approved list the reader may not order: its approver, else anyone who may.
  const approver = list.reviewedBy ? makerName(list.reviewedBy) : t('shoppingLists.detail.anApprover');
  // Why the cart is out of reach on this list for a junior buyer (ARCHITECTURE §8, shell §7 junior_place_order).
  const cartHint =
    company && juniorBuyer && !list.canAddToCart
      ? juniorSwitch.data === true && list.status !== 0
        ? t('shoppingLists.footer.afterApproval')
        : juniorSwitch.data === false
          ? list.status === 0
            ? t('shoppingLists.footer.approvedAskToOrder', { name: approver })
            : t('shoppingLists.footer.juniorCannotOrder')
          : null
      : null;
  // Issue 36 item 9: an approved list says what happens next — order it now, or ask someone who may (or quote it).
  const approvedNextStep = list.canAddToCart
    ? t('shoppingLists.detail.approvedOrderNow')
    : canAddToQuote
      ? t('shoppingLists.detail.approvedAskToOrderOrQuote', { name: approver })
      : t('shoppingLists.detail.approvedAskToOrder', { name: approver });
  const needsApprovalNote = company && juniorBuyer ? t('shoppingLists.addPanel.approvalNote') : null;

  return (
    <Page>
      <BackLink />
      <HeaderPanel variant="outlined">
        <ShoppingListHeader
          list={list}
          company={company}
          busy={listBusy}
          approvedNextStep={approvedNextStep}
          onAction={(action) => void onListAction(action)}
        />
      </HeaderPanel>
      {list.pricesHidden && <Alert severity="info">{t('shoppingLists.detail.pricesHidden')}</Alert>}
      <PageSection
        title={t('shoppingLists.detail.productsSection')}
        testId="shopping-list-products"
        aside={
          totalCount > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('shoppingLists.card.productCount', { count: totalCount })}
            </Typography>
          )
        }
      >
        {query.isFetching && <LinearProgress aria-label={t('shoppingLists.loading')} />}
        {items.length === 0 ? (
          <DataTableMessage title={t('shoppingLists.items.empty.title')}>
            {list.canAddItems ? t('shoppingLists.items.empty.body') : t('shoppingLists.items.empty.bodyReadOnly')}
          </DataTableMessage>
        ) : (
          <ShoppingListItemsTable
            items={items}
            display={display}
            label={t('shoppingLists.detail.productsSection')}
            busyLoading={query.isFetching}
            orderBy={state.orderBy}
            onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
            selection={{
              enabled: selectionEnabled,
              selected: new Set(ticked),
              selectable: isSelectable,
              all: allState,
              onToggle: toggle,
              onToggleAll: toggleAll,
            }}
            actions={{
              canEdit: list.canEditItems,
              canDelete: list.canDeleteItems,
              busy: itemsBusy,
              onQuantity,
              onEditOptions: setEditingOptions,
              onEditNote,
              onDelete: (item) => setRemoving({ open: true, item }),
            }}
          />
        )}
        {totalCount > SHOPPING_LIST_ITEM_PAGE_SIZES[0] && (
          <Pagination
            totalCount={totalCount}
            page={state.page - 1}
            pageSize={state.pageSize}
            pageSizes={SHOPPING_LIST_ITEM_PAGE_SIZES}
            onPageChange={(page) => update({ page: page + 1 })}
            onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            rowsPerPageLabel={t('shoppingLists.items.perPage')}
          />
        )}
      </PageSection>
      {/* Issue 41: the budgets the list would draw on, ordered as it is. */}
      <BudgetPanel amount={list.pricesHidden ? null : list.grandTotal} currencyCode={list.currencyCode} />
      {selectionEnabled && items.length > 0 && (
        <SelectionFooter
          count={ticked.length}
          subtotal={subtotalAmount === null ? null : formatMoney(subtotalAmount, list.currencyCode)}
          inclusive={list.showInclusive}
          canAddToCart={list.canAddToCart}
          canAddToQuote={canAddToQuote}
          busy={selectionBusy}
          cartHint={cartHint}
          onAction={(action) => void onSelectionAction(action)}
        />
      )}
      {!list.canAddToCart && !selectionEnabled && cartHint && (
        <Typography variant="body2" color="text.secondary">
          {cartHint}
        </Typography>
      )}
      {list.canAddItems && (
        <PageSection title={t('shoppingLists.addPanel.title')} testId="shopping-list-add-panel">
          <AddToListPanel currencyCode={list.currencyCode} busy={itemsBusy} note={needsApprovalNote} onAdd={onAddItems} />
        </PageSection>
      )}
      <ShoppingListDialog target={dialog} onClose={() => setDialog(null)} onSave={saveDetails} />
      <TextEntryDialog request={textRequest} onClose={() => setTextRequest(null)} />
      <ProductOptionsDialog line={editingOptions} onClose={() => setEditingOptions(null)} onSave={onSaveOptions} />
      <ConfirmDialog
        open={removing.open}
        title={t('shoppingLists.removeItem.title')}
        body={removing.item ? t('shoppingLists.removeItem.body', { name: removing.item.productName, sku: removing.item.variantSku }) : ''}
        confirmLabel={t('shoppingLists.removeItem.confirm')}
        cancelLabel={t('shoppingLists.removeItem.cancel')}
        destructive
        onConfirm={confirmRemove}
        onCancel={() => setRemoving((current) => ({ ...current, open: false }))}
      />
      <TransferReportDialog report={report} onClose={() => setReport(null)} />
    </Page>
  );
}
