import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ClipboardEvent } from 'react';

import { BulkUploadDialog, type BulkUploadConfirmation } from '../../../components/bulkUpload/BulkUploadDialog';
import { isPastedBlock, parsePastedRows } from '../../../components/productSearch/pastedRows';
import { ProductOptionsDialog, type LineOptionsChange, type OptionsLine } from '../../../components/productSearch/ProductOptionsDialog';
import { ProductSearch } from '../../../components/productSearch/ProductSearch';
import { TransferReportDialog } from '../../../components/transferReport/TransferReportDialog';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useQuantityLimit } from '../../../lib/quantity';
import { PRODUCT_SEARCH, type ProductLineInput, type SearchProduct } from '../../../lib/productSearch';
import { lookUpSkus, type SkuCandidate, type SkuLookupResult } from '../api/skuLookup';
import type { CartLine } from '../cartTransfer';
import { quickOrderMessages } from '../messages';
import {
  MAX_PAD_ROWS,
  PAD_ROWS_STEP,
  emptyRow,
  emptyRows,
  isFilled,
  lookupKey,
  pasteRows,
  quantityProblem,
  readyLine,
  skuProblem,
  skusToLookUp,
  type LookupState,
  type PadRow,
} from '../padRows';
import { cartReport, useCartTransfer } from '../useCartTransfer';
import type { QuickOrderRights } from '../useQuickOrderRights';
import { PadRowFields } from './PadRowFields';

const Panel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
})) as typeof Paper;

const Rows = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

const Actions = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1),
  '& > .MuiButton-root': { flex: '1 1 auto' },
}));

/** Remove the keys from a set (a new set). */
function without<T>(set: ReadonlySet<T>, keys: readonly T[]): Set<T> {
  const next = new Set(set);
  for (const key of keys) next.delete(key);
  return next;
}

/**
 * issue 19 quick order pad: SKU (or CAS number) and quantity rows, "show more rows", a block pasted from a spreadsheet
 * filling one row per line; each SKU is looked up (skuLookup) when its field is left, after a paste and before adding,
 * and a row says inline why it cannot be added (unknown, not for sale, out of stock with the quantity there is, a
 * quantity out of range), asks for the pack size of a CAS number and opens the option form of a product that needs
 * options. Also the catalog search and the bulk upload; "Add to cart" adds the rows that can be added and reports
 * what went in.
 */
export function QuickOrderPad({ rights, currencyCode }: { rights: QuickOrderRights; currencyCode: string }) {
  const t = useMessages(quickOrderMessages);
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const quantityLimit = useQuantityLimit();
  const headingId = useId();
  const searchHeadingId = useId();
  const cart = useCartTransfer();
  const [rows, setRows] = useState<PadRow[]>(() => emptyRows());
  const [results, setResults] = useState<ReadonlyMap<string, SkuLookupResult>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<ReadonlySet<string>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [optionsRow, setOptionsRow] = useState<number | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  // From the click to the report (the lookups before adding included): one add at a time.
  const [adding, setAdding] = useState(false);
  const rowsRef = useRef<HTMLDivElement>(null);
  // Set when adding found nothing to add: once the rows show their errors (and are enabled again), the first one gets
  // focus.
  const [focusProblem, setFocusProblem] = useState(false);

  const lookups: LookupState = { results, pending, failed };

  // The lookups under way, by SKU: adding waits for them rather than asking twice.
  const inflight = useRef(new Map<string, Promise<SkuLookupResult | undefined>>());

  /** Looks the SKUs up (one call per 100); resolves with what was found, also when the call failed (nothing). */
  const lookUp = async (skus: readonly string[]): Promise<Map<string, SkuLookupResult>> => {
    if (skus.length === 0) return new Map();
    setPending((current) => new Set([...current, ...skus]));
    setFailed((current) => without(current, skus));
    const call = lookUpSkus(client, skus).then(
      (answers) => new Map(skus.map((sku, index) => [sku, answers[index]!] as const)),
      () => null,
    );
    skus.forEach((sku) => inflight.current.set(sku, call.then((answers) => answers?.get(sku))));
    const answers = await call;
    skus.forEach((sku) => inflight.current.delete(sku));
    setPending((current) => without(current, skus));
    if (!answers) {
      setFailed((current) => new Set([...current, ...skus]));
      return new Map();
    }
    setResults((current) => new Map([...current, ...answers]));
    return answers;
  };

  /** The answers for these SKUs: those known, those being looked up, and the rest looked up now. */
  const answersFor = async (skus: readonly string[]): Promise<Map<string, SkuLookupResult>> => {
    const waiting = skus.filter((sku) => !results.has(sku) && inflight.current.has(sku));
    const asked = lookUp(skus.filter((sku) => !results.has(sku) && !inflight.current.has(sku)));
    const answers = new Map(results);
    for (const sku of waiting) {
      const answer = await inflight.current.get(sku);
      if (answer) answers.set(sku, answer);
    }
    for (const [sku, answer] of await asked) answers.set(sku, answer);
    return answers;
  };

  const changeRow = (key: number, change: Partial<PadRow>) => setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const lookUpRow = (row: PadRow) => {
    const key = lookupKey(row.sku);
    if (key !== '' && !results.has(key) && !inflight.current.has(key)) void lookUp([key]);
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isPastedBlock(text)) return; // one SKU: the field takes it as typed
    const pasted = parsePastedRows(text);
    if (pasted.length === 0) return;
    event.preventDefault();
    const { rows: next, dropped } = pasteRows(rows, index, pasted);
    setRows(next);
    setProblem(null);
    setNotice(
      dropped > 0
        ? t('quickOrder.pad.pasteDropped', { count: pasted.length - dropped, dropped, max: MAX_PAD_ROWS })
        : t('quickOrder.pad.pasted', { count: pasted.length }),
    );
    void lookUp(skusToLookUp(next, lookups));
  };

  const chooseCandidate = (row: PadRow, candidate: SkuCandidate) => {
    changeRow(row.key, { sku: candidate.sku, chosen: null });
    const key = lookupKey(candidate.sku);
    if (!results.has(key)) void lookUp([key]);
  };

  const clearRow = (row: PadRow) => changeRow(row.key, { sku: '', quantity: 1, chosen: null });

  const showMore = () =>
    setRows((current) => [...current, ...emptyRows(Math.min(PAD_ROWS_STEP, MAX_PAD_ROWS - current.length))]);

  /** The product of a row's option form (the options dialog loads it under the same key, so it is asked once). */
  const productOf = (productId: number) =>
    queryClient.fetchQuery({
      queryKey: ['productOptions', productId] as const,
      queryFn: ({ signal }) =>
        client.request(PRODUCT_SEARCH, { productIds: [productId], first: 1 }, { signal, suppressErrorToast: true }).then((data) => data.productsSearch[0] ?? null),
    });

  // The product search: the chosen product, options and quantity become a row (its variant's SKU), in the first empty row.
  const onSearchAdd = async (line: ProductLineInput): Promise<Record<string, string> | null> => {
    let product: SearchProduct | null;
    try {
      product = await productOf(line.productId);
    } catch {
      return { quantity: t('quickOrder.pad.searchFailed') };
    }
    const variant = product?.variants.find((item) => item.variantId === line.variantId) ?? product?.variants[0];
    if (!product || !variant) return { quantity: t('quickOrder.pad.searchFailed') };
    const filledRow: Omit<PadRow, 'key'> = {
      sku: variant.sku,
      quantity: line.quantity,
      chosen: { variantId: variant.variantId, options: line.options },
    };
    setRows((current) => {
      const at = current.findIndex((row) => !isFilled(row));
      if (at >= 0) return current.map((row, index) => (index === at ? { ...row, ...filledRow } : row));
      return current.length < MAX_PAD_ROWS ? [...current, { ...emptyRow(), ...filledRow }] : current;
    });
    const key = lookupKey(variant.sku);
    if (!results.has(key)) void lookUp([key]);
    setNotice(t('quickOrder.pad.searchAdded', { name: product.name }));
    return null;
  };

  const editedRow = rows.find((row) => row.key === optionsRow) ?? null;
  const editedResult = editedRow ? results.get(lookupKey(editedRow.sku)) : undefined;
  const optionsLine: (OptionsLine & { rowKey: number }) | null =
    editedRow && editedResult?.productId
      ? {
          id: editedRow.key,
          rowKey: editedRow.key,
          productId: editedResult.productId,
          productName: editedResult.productName ?? editedRow.sku,
          variantId: editedRow.chosen?.variantId ?? editedResult.variantId ?? 0,
          variantSku: editedResult.variantSku ?? editedRow.sku,
          optionList: JSON.stringify(
            (editedRow.chosen?.options.map(({ optionId, value }) => ({ optionId, optionValue: value })) ?? editedResult.optionList),
          ),
        }
      : null;

  const saveOptions = async (line: OptionsLine & { rowKey: number }, change: LineOptionsChange): Promise<Record<string, string> | null> => {
    const variantId = change.variantId ?? editedResult?.variantId ?? null;
    if (variantId === null) return { '': t('quickOrder.pad.error.needsOptions') };
    changeRow(line.rowKey, { chosen: { variantId, options: change.options } });
    return null;
  };

  const addToCart = async () => {
    if (adding) return;
    setAdding(true);
    try {
      await addFilledRows();
    } finally {
      setAdding(false);
    }
  };

  const addFilledRows = async () => {
    setProblem(null);
    setNotice(null);
    const filled = rows.filter(isFilled);
    if (filled.length === 0) {
      setProblem(t('quickOrder.pad.nothingToAdd'));
      return;
    }
    // Every SKU not looked up yet (or whose lookup failed) is looked up first: the rows then say what is wrong.
    const answers = await answersFor([...new Set(filled.map((row) => lookupKey(row.sku)))]);
    const state: LookupState = { results: answers, pending: new Set(), failed: new Set() };
    const ready = filled.flatMap((row) => {
      const line = readyLine(row, state, quantityLimit);
      return line ? [line] : [];
    });
    const held = filled.length - ready.length;
    if (ready.length === 0) {
      setProblem(t('quickOrder.pad.fixRows', { count: held }));
      setFocusProblem(true);
      return;
    }
    const result = await cart.add(ready);
    if (!result) return;
    const added = new Set(result.added.map((line) => line.key));
    setRows((current) => {
      const left = current.filter((row) => !added.has(row.key));
      return left.length >= PAD_ROWS_STEP ? left : [...left, ...emptyRows(PAD_ROWS_STEP - left.length)];
    });
    const notes = [t('quickOrder.cartNote'), held > 0 ? t('quickOrder.pad.heldBack', { count: held }) : null].filter(Boolean).join(' ');
    cart.showReport(cartReport(result, { cartNote: notes }));
    if (held > 0 && result.added.length === 0) setProblem(t('quickOrder.pad.fixRows', { count: held }));
  };

  const onBulkConfirm = async ({ validProducts, stockErrorFileUrl }: BulkUploadConfirmation): Promise<boolean> => {
    const lines: CartLine[] = validProducts.map((product) => ({
      key: `upload-${product.row}`,
      productId: product.productId,
      variantId: product.variantId,
      quantity: product.qty,
      options: product.optionList.map(({ optionId, optionValue }) => ({ optionId, value: optionValue })),
      sku: product.sku,
      name: product.productName,
      purchasable: true,
      availableStock: product.availableStock,
    }));
    if (lines.length === 0) return false;
    const result = await cart.add(lines);
    if (!result) return false;
    setBulkOpen(false);
    cart.showReport(
      cartReport(result, {
        cartNote: (
          <>
            {t('quickOrder.cartNote')}
            {stockErrorFileUrl && (
              <>
                {' '}
                <Link href={stockErrorFileUrl}>{t('quickOrder.bulk.stockErrors')}</Link>
              </>
            )}
          </>
        ),
      }),
    );
    return true;
  };

  const busy = cart.busy || adding;
  useEffect(() => {
    if (!focusProblem || busy) return;
    setFocusProblem(false);
    rowsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusProblem, busy]);
  const cartNote = rights.orderingBlocked ? t('quickOrder.pad.pending') : !rights.cart ? t('quickOrder.pad.cannotOrder') : null;

  return (
    <Panel variant="outlined" component="aside" aria-labelledby={headingId} data-testid="quick-order-pad">
      <div>
        <Typography variant="h2" id={headingId}>
          {t('quickOrder.pad.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('quickOrder.pad.intro')}
        </Typography>
      </div>
      {cartNote && <Alert severity="info">{cartNote}</Alert>}
      <Rows ref={rowsRef}>
        {rows.map((row, index) => (
          <PadRowFields
            key={row.key}
            row={row}
            number={index + 1}
            result={results.get(lookupKey(row.sku))}
            skuProblem={skuProblem(row, lookups)}
            quantityProblem={quantityProblem(row, lookups, quantityLimit)}
            disabled={busy}
            onSku={(sku) => changeRow(row.key, { sku, chosen: null })}
            onSkuDone={() => lookUpRow(row)}
            onPaste={onPaste(index)}
            onQuantity={(quantity) => changeRow(row.key, { quantity })}
            onCandidate={(candidate) => chooseCandidate(row, candidate)}
            onChooseOptions={() => setOptionsRow(row.key)}
            onClear={() => clearRow(row)}
          />
        ))}
      </Rows>
      <Typography variant="body2" color="text.secondary" role="status" data-testid="pad-notice">
        {notice ?? ''}
      </Typography>
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
      <Actions>
        <Button variant="outlined" onClick={showMore} disabled={busy || rows.length >= MAX_PAD_ROWS}>
          {t('quickOrder.pad.moreRows')}
        </Button>
        <Button variant="contained" onClick={() => void addToCart()} disabled={!rights.cart || busy} loading={busy} loadingPosition="start">
          {t('quickOrder.pad.addToCart')}
        </Button>
      </Actions>
      <Divider />
      <section aria-labelledby={searchHeadingId}>
        <Typography variant="h3" id={searchHeadingId} sx={{ mb: 1.5 }}>
          {t('quickOrder.pad.searchTitle')}
        </Typography>
        <ProductSearch currencyCode={currencyCode} busy={busy} addLabel={t('quickOrder.pad.searchAdd')} errorPrefix="" testId="quick-order-search" onAdd={onSearchAdd} />
      </section>
      {rights.cart && (
        <>
          <Divider />
          <div>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('quickOrder.bulk.intro')}
            </Typography>
            <Button variant="outlined" onClick={() => setBulkOpen(true)} disabled={busy} fullWidth>
              {t('quickOrder.bulk.open')}
            </Button>
          </div>
          <BulkUploadDialog
            open={bulkOpen}
            onClose={() => setBulkOpen(false)}
            title={t('quickOrder.bulk.title')}
            confirmLabel={t('quickOrder.bulk.confirm')}
            isToCart
            onConfirm={onBulkConfirm}
          />
        </>
      )}
      <ProductOptionsDialog line={optionsLine} onClose={() => setOptionsRow(null)} onSave={saveOptions} />
      <TransferReportDialog report={cart.report} onClose={cart.closeReport} />
    </Panel>
  );
}
