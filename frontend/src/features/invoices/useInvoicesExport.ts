import { useState } from 'react';

import { toast } from '../../components/toast/toastStore';
import { startDownload } from '../../lib/download';
import { withStorefrontToken } from '../../lib/storefrontTokenHeader';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { GraphQLRequestError, NETWORK_ERROR_CODE } from '../../lib/graphql';
import { useLanguage, useMessages } from '../../lib/i18n/I18nProvider';
import { restRefusal } from '../../lib/restErrors';
import { INVOICES_EXPORT, type InvoiceExportFilter } from './api/invoicesExport';
import { useInvoiceErrorText } from './invoiceErrors';
import { invoicesMessages } from './messages';

/** How often, and how many times, a file still being written is asked for again (a Celery worker writes it). */
export const EXPORT_POLL_MS = 2000;
export const EXPORT_POLL_TRIES = 60;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the export's file is written: its link answers 409 INVOICE_EXPORT_NOT_READY until then. */
async function untilReady(url: string): Promise<void> {
  for (let attempt = 0; attempt < EXPORT_POLL_TRIES; attempt += 1) {
    await wait(EXPORT_POLL_MS);
    let response: Response;
    try {
      response = await fetch(url, withStorefrontToken({ method: 'GET', credentials: 'omit' }, url));
    } catch (cause) {
      throw new GraphQLRequestError('Network error', { code: NETWORK_ERROR_CODE, cause });
    }
    if (response.ok) return;
    const refusal = restRefusal(await response.json().catch(() => null));
    if (response.status !== 409) throw new GraphQLRequestError(refusal?.message ?? '', { code: refusal?.code || undefined });
  }
  throw new GraphQLRequestError('', { code: 'INVOICE_EXPORT_NOT_READY' });
}

/**
 * business §7 invoicesExport(filterData, lang) → url: the CSV, its headings in the buyer's language, downloaded as soon
 * as it is written (at once when the server writes it right away).
 */
export function useInvoicesExport() {
  const t = useMessages(invoicesMessages);
  const client = useGraphQLClient();
  const language = useLanguage();
  const errorText = useInvoiceErrorText();
  const [busy, setBusy] = useState(false);

  const run = async (filterData: InvoiceExportFilter): Promise<void> => {
    setBusy(true);
    try {
      const { invoicesExport } = await client.request(INVOICES_EXPORT, { filterData, lang: language }, { suppressErrorToast: true });
      if (!invoicesExport.ready) {
        toast.info(t('invoices.export.preparing'));
        await untilReady(invoicesExport.url);
      }
      startDownload(invoicesExport.url, invoicesExport.fileName);
      toast.success(t('invoices.export.done'));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return { run, busy };
}
