import { NETWORK_ERROR_CODE } from '../../../lib/graphql';
import { MediaUploadError } from '../../../lib/mediaUpload';
import { restRefusal } from '../../../lib/restErrors';
import { getB2BToken } from '../../../lib/session';
import { storefrontTokenHeaders } from '../../../lib/storefrontTokenHeader';
import type { QuoteFile } from './draftFields';

// docs/api.md "Files": POST {apiOrigin}/api/v2/quotes/attachments, multipart `mediaFile` plus the draft's or the
// submitted quote's fields, with the bearer token when signed in. Answers in the REST shape of /api/v2/media/upload:
// {"code": 200, "message", "data": {id, fileName, …}}, or a refusal (lib/restErrors.ts).

/** What the answer's `data` may hold: the stored file and a guest's draft key. */
export type QuoteUploadData = Partial<QuoteFile> & { draftKey?: string | null };

interface UploadAnswer {
  code?: number;
  message?: string;
  data?: QuoteUploadData | null;
}

// An answer that is not the API's JSON (a proxy's 413 or 429 page) still says what happened by its status.
const CODE_BY_STATUS: Record<number, string> = { 413: 'QUOTE_FILE_REJECTED', 429: 'TOO_MANY_REQUESTS' };

function quoteAttachmentsEndpoint(apiOrigin: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}/api/v2/quotes/attachments`;
}

export interface QuoteFileSend {
  apiOrigin: string;
  file: File;
  /** Sent after `mediaFile`, in this order; null ones are left out. */
  fields: Record<string, string | null>;
  /** The message when the server gives none (no answer, not JSON); '' when left out. */
  fallbackMessage?: string;
  fetchImpl?: typeof fetch;
}

/**
 * Sends a file to the quote attachments endpoint: resolves with the stored file and the answer's data, or rejects
 * with a MediaUploadError carrying the server's message, its error code (else one named by the HTTP status,
 * NETWORK_ERROR when no answer arrived) and the status.
 */
export async function sendQuoteFile({
  apiOrigin,
  file,
  fields,
  fallbackMessage = '',
  fetchImpl = (...args) => globalThis.fetch(...args),
}: QuoteFileSend): Promise<{ stored: QuoteFile; data: QuoteUploadData }> {
  const body = new FormData();
  body.append('mediaFile', file);
  for (const [name, value] of Object.entries(fields)) if (value !== null) body.append(name, value);
  const headers: Record<string, string> = { Accept: 'application/json', ...storefrontTokenHeaders() };
  const token = getB2BToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetchImpl(quoteAttachmentsEndpoint(apiOrigin), { method: 'POST', headers, body });
  } catch {
    throw new MediaUploadError(fallbackMessage, NETWORK_ERROR_CODE, 0);
  }
  const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
  const data = answer?.data;
  if (!response.ok || answer?.code !== 200 || typeof data?.id !== 'number') {
    const refusal = restRefusal(answer);
    const code = refusal?.code || CODE_BY_STATUS[response.status] || '';
    throw new MediaUploadError(refusal?.message || answer?.message || fallbackMessage, code, response.status);
  }
  const stored: QuoteFile = {
    id: data.id,
    fileName: data.fileName ?? file.name,
    fileSize: data.fileSize ?? file.size,
    contentType: data.contentType ?? file.type,
    fromSupplier: data.fromSupplier ?? false,
    createdAt: data.createdAt ?? new Date().toISOString(),
    downloadUrl: data.downloadUrl ?? '',
  };
  return { stored, data };
}
