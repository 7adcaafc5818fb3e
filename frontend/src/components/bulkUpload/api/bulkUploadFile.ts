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

/** The state of an upload a job validates (and, once done, its result with fresh signed file links). */
export function fetchBulkUploadState({
  apiOrigin,
  uploadId,
  signal,
  fetchImpl = (...args) => globalThis.fetch(...args),
}: {
  apiOrigin: string;
  uploadId: string;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
}): Promise<BulkUploadState> {
  const url = `${bulkUploadEndpoint(apiOrigin)}/${encodeURIComponent(uploadId)}`;
  return answerOf(() => fetchImpl(url, { method: 'GET', headers: headers(), signal }), signal);
}
