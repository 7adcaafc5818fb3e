import { downloadVariant, startDownload } from '../../lib/download';
import { invoicePdfFileName } from './invoiceRules';

// Opening and downloading an invoice's PDF. Its links are signed for a few minutes (docs/api.md "Files"), so a link
// is asked for (or the list loaded again) at the moment it is followed, never kept.

/**
 * The API's signed links live five minutes; a list loaded longer ago than this is loaded again before one of its
 * links is followed, so that a link never fails.
 */
export const LINK_MAX_AGE_MS = 4 * 60 * 1000;

export type PdfOpenResult = 'opened' | 'popupBlocked' | 'noPdf' | 'failed';

/**
 * business §2: the PDF in a new window. The window opens at once, inside the click, so that pop-up blockers let it
 * through; the PDF's link follows when `getUrl` has it.
 */
export async function openPdfWindow(getUrl: () => Promise<string | null>): Promise<{ result: PdfOpenResult; error?: unknown }> {
  const tab = window.open('', '_blank');
  if (!tab) return { result: 'popupBlocked' };
  tab.opener = null;
  try {
    const url = await getUrl();
    if (!url) {
      tab.close();
      return { result: 'noPdf' };
    }
    tab.location.href = url;
    return { result: 'opened' };
  } catch (error) {
    tab.close();
    return { result: 'failed', error };
  }
}

/** business §2: the download is named invoice-{invoice number}.pdf. */
export function downloadInvoicePdf(url: string, invoiceNumber: string): void {
  startDownload(downloadVariant(url), invoicePdfFileName(invoiceNumber));
}
