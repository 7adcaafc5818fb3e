import { pastedQuantity, type PastedRow } from '../../components/productSearch/pastedRows';
import { QUANTITY_MIN } from '../../lib/quantity';
import type { SkuCandidate, SkuLookupResult } from './api/skuLookup';

// The quick order pad's rows (issue 19): a SKU and a quantity each, what the server said the SKU names (skuLookup),
// and the options chosen for a product that needs them. Pure functions: the pad component holds the state.

/** Rows the pad opens with, and how many "show more rows" adds. */
export const PAD_ROWS_STEP = 5;
/** The most rows a pad holds: one skuLookup call and one cart call take 100 (the bulk upload takes more). */
export const MAX_PAD_ROWS = 100;

export interface ChosenOptions {
  variantId: number;
  options: { optionId: number; value: string }[];
}

export interface PadRow {
  /** Stable over edits (React's key, the option form's line id). */
  key: number;
  sku: string;
  /** business §5: 1 to the server's limit; a pasted quantity outside (or not a number, then 0) is shown and flagged. */
  quantity: number;
  /** The options chosen in the option form, for a product that needs them; cleared when the SKU changes. */
  chosen: ChosenOptions | null;
}

let nextKey = 1;

export function emptyRow(): PadRow {
  return { key: nextKey++, sku: '', quantity: 1, chosen: null };
}

export function emptyRows(count = PAD_ROWS_STEP): PadRow[] {
  return Array.from({ length: count }, emptyRow);
}

/** The SKU as it is looked up: trimmed (the server ignores case, hyphens and spaces itself). */
export const lookupKey = (sku: string): string => sku.trim();

export function isFilled(row: PadRow): boolean {
  return lookupKey(row.sku) !== '';
}

/**
 * The pad after a block was pasted into row `at`: the pasted rows replace that row and the ones after it that are
 * empty, the rest move down; at most MAX_PAD_ROWS rows (`dropped` says how many pasted rows did not fit).
 */
export function pasteRows(rows: readonly PadRow[], at: number, pasted: readonly PastedRow[]): { rows: PadRow[]; dropped: number } {
  const before = rows.slice(0, at);
  const after = rows.slice(at + 1);
  // Empty rows right after the one pasted into are taken by the block; filled ones are kept below it.
  let reuse = 0;
  while (reuse < after.length && reuse < pasted.length - 1 && !isFilled(after[reuse]!)) reuse += 1;
  const kept = after.slice(reuse);
  const room = Math.max(0, MAX_PAD_ROWS - before.length - kept.filter(isFilled).length);
  const placed = pasted.slice(0, room).map((row, index) => ({
    key: index === 0 ? (rows[at]?.key ?? nextKey++) : nextKey++,
    sku: row.sku,
    quantity: pastedQuantity(row.quantity) ?? 0,
    chosen: null,
  }));
  const next = [...before, ...placed, ...kept].slice(0, MAX_PAD_ROWS);
  // Keep at least one empty row at the end while there is room, to type the next SKU into.
  if (next.length < MAX_PAD_ROWS && next.every(isFilled)) next.push(emptyRow());
  return { rows: next, dropped: pasted.length - placed.length };
}

/** Why a row's SKU cannot be added (shown under the SKU field). */
export type SkuProblem =
  /** Typed, not looked up yet (it is on leaving the field, and before adding). */
  | { code: 'unchecked' }
  | { code: 'checking' }
  | { code: 'lookupFailed' }
  | { code: 'unknown' }
  | { code: 'ambiguous'; candidates: readonly SkuCandidate[] }
  | { code: 'notAvailable' }
  | { code: 'needsOptions' };

/** Why a row's quantity cannot be added (shown under the quantity field). */
export type QuantityProblem = { code: 'range' } | { code: 'outOfStock' } | { code: 'insufficientStock'; available: number };

export interface LookupState {
  results: ReadonlyMap<string, SkuLookupResult>;
  /** SKUs being looked up now. */
  pending: ReadonlySet<string>;
  /** SKUs whose lookup failed (network, server): looked up again on the next try. */
  failed: ReadonlySet<string>;
}

export function skuProblem(row: PadRow, state: LookupState): SkuProblem | null {
  const key = lookupKey(row.sku);
  if (key === '') return null;
  const result = state.results.get(key);
  if (!result) return state.pending.has(key) ? { code: 'checking' } : state.failed.has(key) ? { code: 'lookupFailed' } : { code: 'unchecked' };
  if (result.status === 'AMBIGUOUS') return { code: 'ambiguous', candidates: result.candidates };
  if (result.status !== 'FOUND' || result.productId === null) return { code: 'unknown' };
  if (result.errorCode === 'not_available' || !result.purchasable) return { code: 'notAvailable' };
  if ((result.needsOptions || result.variantId === null) && row.chosen === null) return { code: 'needsOptions' };
  return null;
}

/** The row buys the variant its SKU names (not another pack size chosen in the option form). */
const sameVariant = (row: PadRow, result: SkuLookupResult): boolean => row.chosen === null || row.chosen.variantId === result.variantId;

/** The row's quantity problem: outside 1..`limit` (the server's, received at start-up), or more than is in stock. */
export function quantityProblem(row: PadRow, state: LookupState, limit: number): QuantityProblem | null {
  if (!isFilled(row)) return null;
  if (!Number.isInteger(row.quantity) || row.quantity < QUANTITY_MIN || row.quantity > limit) return { code: 'range' };
  const result = state.results.get(lookupKey(row.sku));
  // business §4 stock check; the stock of another pack size chosen in the option form is the cart's to check.
  if (!result || result.status !== 'FOUND' || result.availableStock === null || !sameVariant(row, result)) return null;
  if (result.availableStock <= 0) return { code: 'outOfStock' };
  if (row.quantity > result.availableStock) return { code: 'insufficientStock', available: result.availableStock };
  return null;
}

/** A row that can go into the cart as it is. */
export interface ReadyLine {
  key: number;
  productId: number;
  variantId: number | null;
  quantity: number;
  options: { optionId: number; value: string }[];
  sku: string;
  name: string;
  /** What the lookup said, to tell why the cart refused the line. */
  purchasable: boolean;
  availableStock: number | null;
}

/** The row as a cart line, or null while it has a problem (or is empty). */
export function readyLine(row: PadRow, state: LookupState, limit: number): ReadyLine | null {
  if (!isFilled(row) || skuProblem(row, state) || quantityProblem(row, state, limit)) return null;
  const result = state.results.get(lookupKey(row.sku))!;
  const defaults = result.optionList.map(({ optionId, optionValue }) => ({ optionId, value: optionValue }));
  return {
    key: row.key,
    productId: result.productId!,
    variantId: row.chosen ? row.chosen.variantId : result.variantId,
    quantity: row.quantity,
    options: row.chosen ? row.chosen.options : defaults,
    sku: result.variantSku ?? lookupKey(row.sku),
    name: result.productName ?? '',
    purchasable: result.purchasable,
    availableStock: sameVariant(row, result) ? result.availableStock : null,
  };
}

/** The SKUs of filled rows that have not been looked up (or whose lookup failed), each once. */
export function skusToLookUp(rows: readonly PadRow[], state: LookupState): string[] {
  const skus = new Set<string>();
  for (const row of rows) {
    const key = lookupKey(row.sku);
    if (key !== '' && !state.results.has(key) && !state.pending.has(key)) skus.add(key);
  }
  return [...skus];
}
