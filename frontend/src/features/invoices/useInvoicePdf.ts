import { toast } from '../../components/toast/toastStore';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { INVOICE_PDF } from './api/invoicePdf';
import { useInvoiceErrorText } from './invoiceErrors';
import { invoicesMessages } from './messages';
import { downloadInvoicePdf, openPdfWindow } from './pdfLinks';

/** An invoice as far as its PDF needs it. */
interface PdfInvoice {
  id: string;
  invoiceNumber: string;
}

/**
 * business §2 / §7: an invoice's PDF in a new window, or downloaded as invoice-{number}.pdf; its signed link is asked
 * for (invoicePdf) at the moment it is followed. No PDF: 'pdf url resolution error', translated (business §8).
 */
export function useInvoicePdf() {
  const t = useMessages(invoicesMessages);
  const client = useGraphQLClient();
  const errorText = useInvoiceErrorText();
  const pdfOf = (invoice: PdfInvoice, isPayNow: boolean) =>
    client.request(INVOICE_PDF, { invoiceId: Number(invoice.id), isPayNow }, { suppressErrorToast: true }).then((data) => data.invoicePdf);

  const view = (invoice: PdfInvoice, { isPayNow = false }: { isPayNow?: boolean } = {}) =>
    void openPdfWindow(() => pdfOf(invoice, isPayNow).then((pdf) => pdf.url)).then(({ result, error }) => {
      if (result === 'popupBlocked') toast.error(t('invoices.pdf.popupBlocked'));
      else if (result === 'noPdf') toast.error(t('invoices.error.pdfUrlResolution'));
      else if (result === 'failed') toast.error(errorText(error));
    });

  const download = (invoice: PdfInvoice) =>
    void pdfOf(invoice, false).then(
      (pdf) => downloadInvoicePdf(pdf.url, invoice.invoiceNumber),
      (error: unknown) => toast.error(errorText(error)),
    );

  return { view, download };
}
