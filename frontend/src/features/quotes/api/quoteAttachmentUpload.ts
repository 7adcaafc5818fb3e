import { writeDraftKey } from '../../../lib/quoteDraftKey';
import type { QuoteFile } from './draftFields';
import { sendQuoteFile } from './quoteUploadAnswer';

// docs/api.md "Files": a draft's file is sent with a guest's `draftKey` (signed-in users send the bearer token).

export interface UploadedQuoteFile extends QuoteFile {
  /** A guest's draft key (a new one when this upload created the draft); null when signed in. */
  draftKey: string | null;
}

/**
 * Attaches a file to the caller's draft; a guest's first upload creates the draft, whose key is kept. Rejects with
 * a MediaUploadError: `errorCode` QUOTE_FILE_REJECTED, QUOTE_TOO_MANY_FILES, TOO_MANY_REQUESTS, …, NETWORK_ERROR or ''.
 */
export async function uploadQuoteDraftAttachment(
  file: File,
  { draftKey, apiOrigin, fetchImpl }: { draftKey: string | null; apiOrigin: string; fetchImpl?: typeof fetch },
): Promise<UploadedQuoteFile> {
  const { stored, data } = await sendQuoteFile({ apiOrigin, file, fields: { draftKey: draftKey || null }, fetchImpl });
  if (data.draftKey) writeDraftKey(data.draftKey);
  return { ...stored, draftKey: data.draftKey ?? null };
}
