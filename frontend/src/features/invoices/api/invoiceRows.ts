import { useQuery } from '@tanstack/react-query';

import { GraphQLRequestError, NETWORK_ERROR_CODE, SESSION_EXPIRED_CODE, jsonObject } from '../../../lib/graphql';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { restRefusal } from '../../../lib/restErrors';
import { USER_QUERY_SCOPE, clearB2BToken, getB2BToken } from '../../../lib/session';
import { storefrontTokenHeaders } from '../../../lib/storefrontTokenHeader';

// business §7 "Older invoice list": GET {invoice host}/api/invoice with the bearer token and a JSON content type; the
// rows of business §3 "Invoice row" (docs/api.md "Invoices"), which the multi-invoice screen sorts on the client.

/** A tracking number on an invoice, with the carrier's tracking link when the tracking engine recognised it. */
export interface InvoiceTrackingNumber {
  number: string;
  /** The courier's name (the engine's, else what staff typed); '' when unknown. */
  carrier: string;
  /** The carrier's tracking page; null when the number is not recognised. */
  trackingUrl: string | null;
}

/** business §3 "Invoice row", typed: what the multi-invoice screen shows of an invoice. */
export interface InvoiceRow {
  id: string;
  /** InvoiceNo. */
  invoiceNumber: string;
  /** WebOrderId: the store's order the invoice bills; '' when none (an ERP invoice without a web order). */
  webOrderId: string;
  /** InvoiceDate / InvoiceDueDate: epoch seconds; null when missing. */
  invoiceDate: number | null;
  dueDate: number | null;
  /** InvoiceTotal.value and openBalance.value (openBalanceAmount when only that is given), decimal strings. */
  total: string;
  openBalance: string;
  currencyCode: string;
  /** 0 open, 1 partially paid, 2 paid (business §2: status 2 means paid). */
  status: number;
  /** PDF.url: a signed link valid a few minutes; null when the invoice has no PDF. */
  pdfUrl: string | null;
  trackingNumbers: InvoiceTrackingNumber[];
  /** business §6: the caller may open the order (the server's word); null when the server does not say. */
  canViewOrder: boolean | null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

function epochSeconds(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/** `{value, code}` (business §3 "objects with a value"), or a bare amount. */
function amountOf(value: unknown): { value: string; code: string } | null {
  if (typeof value === 'string' || typeof value === 'number') return { value: String(value), code: '' };
  const object = jsonObject(value);
  if (!('value' in object)) return null;
  return { value: text(object.value), code: text(object.code) };
}

function trackingNumberOf(value: unknown): InvoiceTrackingNumber | null {
  if (typeof value === 'string') return value.trim() ? { number: value.trim(), carrier: '', trackingUrl: null } : null;
  const object = jsonObject(value);
  const number = text(object.number ?? object.trackingNumber).trim();
  if (!number) return null;
  const url = text(object.trackingUrl ?? object.url);
  return {
    number,
    carrier: text(object.courierName ?? object.carrier ?? object.name),
    // Only a web link opens in a new tab (never a `javascript:` one a corrupted row might carry).
    trackingUrl: /^https?:\/\//i.test(url) ? url : null,
  };
}

/** One row of the answer, typed; null when it is not an invoice row (no id or number). */
export function invoiceRowOf(value: unknown): InvoiceRow | null {
  const row = jsonObject(value);
  const id = text(row.id);
  const invoiceNumber = text(row.InvoiceNo);
  if (!id || !invoiceNumber) return null;
  const total = amountOf(row.InvoiceTotal);
  const open = amountOf(row.openBalance) ?? amountOf(row.openBalanceAmount);
  const pdfUrl = text(jsonObject(row.PDF).url);
  const status = Number(row.status);
  return {
    id,
    invoiceNumber,
    webOrderId: text(row.WebOrderId).trim(),
    invoiceDate: epochSeconds(row.InvoiceDate),
    dueDate: epochSeconds(row.InvoiceDueDate),
    total: total?.value ?? '',
    openBalance: open?.value ?? '',
    currencyCode: total?.code || open?.code || text(row.currencyCode) || text(row.currency),
    status: Number.isInteger(status) ? status : 0,
    pdfUrl: pdfUrl || null,
    trackingNumbers: (Array.isArray(row.TrackingNumbers) ? row.TrackingNumbers : []).map(trackingNumberOf).filter((item) => item !== null),
    canViewOrder: typeof row.canViewOrder === 'boolean' ? row.canViewOrder : null,
  };
}

/** The rows of the answer: shell §8's REST envelope (`{code, message, data}`) around a list, or a bare list. */
export function invoiceRowsOf(answer: unknown): InvoiceRow[] | null {
  const data = Array.isArray(answer) ? answer : jsonObject(answer).data;
  const list = Array.isArray(data) ? data : jsonObject(data).list;
  if (!Array.isArray(list)) return null;
  return list.map(invoiceRowOf).filter((row) => row !== null);
}

export function invoiceListEndpoint(apiOrigin: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/invoice`;
}

/** Every invoice the caller may see, as rows; rejects with a GraphQLRequestError (the code of the refusal). */
export async function fetchInvoiceRows({
  apiOrigin,
  signal,
  fetchImpl = (...args) => globalThis.fetch(...args),
}: {
  apiOrigin: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}): Promise<InvoiceRow[]> {
  const token = getB2BToken();
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json', ...storefrontTokenHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  let answer: unknown;
  try {
    response = await fetchImpl(invoiceListEndpoint(apiOrigin), { method: 'GET', headers, signal });
    answer = await response.json().catch(() => null);
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new GraphQLRequestError('Network error', { code: NETWORK_ERROR_CODE, cause });
  }
  const rows = response.ok ? invoiceRowsOf(answer) : null;
  if (rows) return rows;
  const refusal = restRefusal(answer);
  if (refusal?.code === String(SESSION_EXPIRED_CODE)) {
    // shell §8: the session is over; the route gate then sends the buyer to sign in.
    if (getB2BToken() === token) clearB2BToken({ reason: 'expired' });
    throw new GraphQLRequestError(refusal.message, { code: SESSION_EXPIRED_CODE });
  }
  // business §8: invoice fetch failures are rethrown to the caller (the page shows them with a retry).
  throw new GraphQLRequestError(refusal?.message ?? '', { code: refusal?.code || (response.ok ? NETWORK_ERROR_CODE : undefined) });
}

/** The multi-invoice list of the signed-in user (dropped with the user's other data when the user changes). */
export const INVOICE_ROWS_QUERY_KEY = [USER_QUERY_SCOPE, 'invoices', 'rows'] as const;

export function useInvoiceRows() {
  const { apiOrigin } = usePortalConfig();
  return useQuery({
    queryKey: INVOICE_ROWS_QUERY_KEY,
    queryFn: ({ signal }) => fetchInvoiceRows({ apiOrigin, signal }),
  });
}
