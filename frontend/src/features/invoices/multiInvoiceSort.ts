import type { InvoiceRow } from './api/invoiceRows';
import { compareDecimals, orderIdOf } from './invoiceRules';

// business §2 multi-invoice screen: every column sorts, on the client, over all rows (the list has no paging). The
// sort lives in the route's query (`?sort=-dueDate`), so that a reload and back / forward keep it.

export const MULTI_INVOICE_SORT_KEYS = ['invoiceNumber', 'order', 'invoiceDate', 'dueDate', 'total'] as const;
export type MultiInvoiceSortKey = (typeof MULTI_INVOICE_SORT_KEYS)[number];
export type MultiInvoiceOrderBy = MultiInvoiceSortKey | `-${MultiInvoiceSortKey}`;

/** business §9: descending invoice number. */
export const DEFAULT_MULTI_INVOICE_ORDER_BY: MultiInvoiceOrderBy = '-invoiceNumber';

export function parseMultiInvoiceOrderBy(value: string | null): MultiInvoiceOrderBy {
  const key = value?.replace(/^-/, '');
  return value && (MULTI_INVOICE_SORT_KEYS as readonly string[]).includes(key ?? '') ? (value as MultiInvoiceOrderBy) : DEFAULT_MULTI_INVOICE_ORDER_BY;
}

// "INV-000010" after "INV-000009", "A-10" after "A-9": numbers inside the text compare as numbers.
const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Missing values (no order, no date) sort last in both directions: they are never the ones looked for. */
function compareMissingLast<T>(a: T | null, b: T | null, compare: (a: T, b: T) => number, direction: 1 | -1): number {
  if (a === null || b === null) return a === null && b === null ? 0 : a === null ? 1 : -1;
  return direction * compare(a, b);
}

const compareNumbers = (a: number, b: number) => a - b;

function compareDigits(a: string, b: string): number {
  // Order ids are digits: compare by length first, then as text (no float, however long).
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

export function sortInvoiceRows(rows: readonly InvoiceRow[], orderBy: MultiInvoiceOrderBy): InvoiceRow[] {
  const direction = orderBy.startsWith('-') ? -1 : 1;
  const key = orderBy.replace(/^-/, '') as MultiInvoiceSortKey;
  const byNumber = (a: InvoiceRow, b: InvoiceRow) => collator.compare(a.invoiceNumber, b.invoiceNumber);
  const compare = (a: InvoiceRow, b: InvoiceRow): number => {
    switch (key) {
      case 'invoiceNumber':
        return direction * byNumber(a, b);
      case 'order':
        return compareMissingLast(orderIdOf(a.webOrderId), orderIdOf(b.webOrderId), compareDigits, direction);
      case 'invoiceDate':
        return compareMissingLast(a.invoiceDate, b.invoiceDate, compareNumbers, direction);
      case 'dueDate':
        return compareMissingLast(a.dueDate, b.dueDate, compareNumbers, direction);
      case 'total':
        return direction * compareDecimals(a.total, b.total);
    }
  };
  // Ties: the newest invoice number first, so that the order never depends on how the server listed them.
  return [...rows].sort((a, b) => compare(a, b) || -byNumber(a, b));
}
