import type { QuoteFile } from './quote';
import { sendQuoteFile } from './quoteUploadAnswer';

// docs/api.md "Files": a submitted quote's file is sent with `quoteId` (+ `accessKey` for a guest's).

export interface QuoteFileUpload {
  apiOrigin: string;
  quoteId: number;
  accessKey: string | null;
  file: File;
  /** Shown when the server gives no message (offline, not JSON). */
  fallbackMessage: string;
  fetchImpl?: typeof fetch;
}

/** Attaches a buyer's file to a submitted quote; rejects with the server's message (business §5 rules). */
export async function uploadQuoteFile({ apiOrigin, quoteId, accessKey, file, fallbackMessage, fetchImpl }: QuoteFileUpload): Promise<QuoteFile> {
  const { stored } = await sendQuoteFile({ apiOrigin, file, fields: { quoteId: String(quoteId), accessKey: accessKey || null }, fallbackMessage, fetchImpl });
  return stored;
}
