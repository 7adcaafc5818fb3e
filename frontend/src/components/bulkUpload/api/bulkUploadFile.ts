import { NETWORK_ERROR_CODE } from '../../../lib/graphql';
import { restRefusal } from '../../../lib/restErrors';
import { getB2BToken } from '../../../lib/session';
import { storefrontTokenHeaders } from '../../../lib/storefrontTokenHeader';
import type { BulkUploadResult } from '../types';

// docs/api.md "Bulk upload and quick order": POST {apiOrigin}/api/v2/products/upload, multipart `file` (sent as it
// is: the overlay never reads it), `channelId` (every signed-in caller; business §6: a guest, role 100, omits it —
// the server takes it from a company's users only), `currencyCode`, `isToCart`, `withModifiers`; with the bearer
// token when signed in. A small file answers `done` with its result; a large one `pending`, then
// GET …/upload/{uploadId} answers `running` with its progress and at last `done` or `failed`.

export type BulkUploadStatus = 'empty' | 'pending' | 'running' | 'done' | 'failed';

export interface BulkUploadState {
  uploadId: string | null;
  status: BulkUploadStatus;
  /** Percent of the file validated; 100 when done. */
  progress: number;
  fileName: string;
  /** A file refused as a whole in the middle of a job (status `failed`). */
  error: { code: string; message: string } | null;
  result: BulkUploadResult | null;
}

export class BulkUploadError extends Error {
  override readonly name = 'BulkUploadError';
  /** The refusal's `extensions.code` (BULK_WRONG_FILE_TYPE, …), one named by the HTTP status, NETWORK_ERROR, or ''. */
  readonly code: string;
  /** The HTTP status; 0 when no answer arrived. */
  readonly status: number;

  constructor(message: string, code = '', status = 0) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

// An answer that is not the API's JSON (a proxy's 413 or 429 page) still says what happened by its status.
const CODE_BY_STATUS: Record<number, string> = { 413: 'BULK_FILE_TOO_LARGE', 429: 'TOO_MANY_REQUESTS' };

const STATUSES: readonly BulkUploadStatus[] = ['empty', 'pending', 'running', 'done', 'failed'];

export function bulkUploadEndpoint(apiOrigin: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/v2/products/upload`;
}

/** The static "Download sample" template (business §2): a header line, then SKU,qty rows. */
export function bulkUploadSampleUrl(apiOrigin: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/static/pricing/bulk-upload-sample.csv`;
}

interface Answer {
  code?: number;
  message?: string;
  data?: Partial<BulkUploadState> | null;
}

function headers(): Record<string, string> {
  const result: Record<string, string> = { Accept: 'application/json', ...storefrontTokenHeaders() };
  const token = getB2BToken();
  if (token) result.Authorization = `Bearer ${token}`;
  return result;
}

async function answerOf(request: () => Promise<Response>, signal?: AbortSignal): Promise<BulkUploadState> {
  let response: Response;
  try {
    response = await request();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new BulkUploadError('', NETWORK_ERROR_CODE, 0);
  }
  const answer = (await response.json().catch(() => null)) as Answer | null;
  const data = answer?.data;
  if (!response.ok || answer?.code !== 200 || !data || !STATUSES.includes(data.status as BulkUploadStatus)) {
    const refusal = restRefusal(answer);
    throw new BulkUploadError(refusal?.message || answer?.message || '', refusal?.code || CODE_BY_STATUS[response.status] || '', response.status);
  }
  return {
    uploadId: data.uploadId ?? null,
    status: data.status as BulkUploadStatus,
    progress: typeof data.progress === 'number' ? data.progress : 0,
    fileName: data.fileName ?? '',
    error: data.error ?? null,
    result: data.result ?? null,
  };
}

export interface BulkUploadSend {
  apiOrigin: string;
  file: File;
  /** null for a guest (business §6). */
  channelId: number | null;
  currencyCode?: string | null;
  isToCart: boolean;
  withModifiers: boolean;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}

/** Sends the CSV file: resolves with the upload's state, or rejects with a BulkUploadError. */
export function sendBulkUploadFile({
  apiOrigin,
  file,
  channelId,
  currencyCode,
  isToCart,
  withModifiers,
  signal,
  fetchImpl = (...args) => globalThis.fetch(...args),
}: BulkUploadSend): Promise<BulkUploadState> {
  const body = new FormData();
  body.append('file', file, file.name);
  if (channelId !== null) body.append('channelId', String(channelId));
  if (currencyCode) body.append('currencyCode', currencyCode);
  body.append('isToCart', isToCart ? 'true' : 'false');
  body.append('withModifiers', withModifiers ? 'true' : 'false');
  return answerOf(() => fetchImpl(bulkUploadEndpoint(apiOrigin), { method: 'POST', headers: headers(), body, signal }), signal);
}

/**
 * The rows of each result list a further page gives (docs/api.md: 1 to 1,000; the first answer gives 100): a valid
 * line is at most about a kilobyte, so that an answer stays well under a megabyte.
 */
export const RESULT_PAGE_ROWS = 250;

/** The state of an upload a job validates (and, once done, its result with fresh signed file links). */
export function fetchBulkUploadState({
  apiOrigin,
  uploadId,
  offset = 0,
  rows,
  signal,
  fetchImpl = (...args) => globalThis.fetch(...args),
}: {
  apiOrigin: string;
  uploadId: string;
  /** The first row of validProduct and errorProduct to give (their pages). */
  offset?: number;
  /** A page of one list only (docs/api.md `rows`): the other comes empty. */
  rows?: 'valid' | 'errors';
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}): Promise<BulkUploadState> {
  const query = offset > 0 ? `?offset=${offset}&first=${RESULT_PAGE_ROWS}${rows ? `&rows=${rows}` : ''}` : '';
  const url = `${bulkUploadEndpoint(apiOrigin)}/${encodeURIComponent(uploadId)}${query}`;
  return answerOf(() => fetchImpl(url, { method: 'GET', headers: headers(), signal }), signal);
}

/**
 * A done upload's valid lines, every one (confirm hands them all on): an answer holds a page of each list (issue 36:
 * every answer stays small), so the further pages of the valid lines alone are fetched one after another and
 * appended (at most 1,000 lines: four pages). The error rows stay the first answer's page (issue 38): the results say
 * how many are listed of how many, and the error file holds them all.
 */
export async function completeBulkUploadResult({
  apiOrigin,
  uploadId,
  result,
  signal,
  fetchImpl,
}: {
  apiOrigin: string;
  uploadId: string | null;
  result: BulkUploadResult;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}): Promise<BulkUploadResult> {
  let validProduct = result.validProduct;
  while (uploadId && validProduct.length > 0 && validProduct.length < result.validCount) {
    const page = await fetchBulkUploadState({ apiOrigin, uploadId, offset: validProduct.length, rows: 'valid', signal, fetchImpl });
    const more = page.result;
    if (page.status !== 'done' || !more || more.validProduct.length === 0) break;
    validProduct = [...validProduct, ...more.validProduct];
  }
  return { ...result, validProduct };
}
