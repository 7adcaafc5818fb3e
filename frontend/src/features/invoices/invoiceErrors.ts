import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { invoicesMessages } from './messages';

// The invoice screens' refusals by the server's code (docs/api.md "Invoices (issue 20)"); other codes show errorText's
// text. business §8: an invoice without a PDF is 'pdf url resolution error', translated.
const TEXT_BY_CODE: Record<string, MessageKey<typeof invoicesMessages>> = {
  NOT_FOUND: 'invoices.error.notFound',
  PERMISSION_DENIED: 'invoices.error.permissionDenied',
  PDF_URL_RESOLUTION_ERROR: 'invoices.error.pdfUrlResolution',
  INVOICE_EXPORT_EMPTY: 'invoices.error.exportEmpty',
  INVOICE_EXPORT_NOT_READY: 'invoices.error.exportNotReady',
  INVOICE_EXPORT_INTERRUPTED: 'invoices.error.exportInterrupted',
  INVOICE_PAYMENT_EMPTY: 'invoices.error.paymentEmpty',
  INVOICE_PAYMENT_TOO_MANY: 'invoices.error.paymentTooMany',
  INVOICE_PAYMENT_DUPLICATE: 'invoices.error.paymentDuplicate',
  INVOICE_AMOUNT_INVALID: 'invoices.error.amountInvalid',
  INVOICE_AMOUNT_ABOVE_BALANCE: 'invoices.error.amountAboveBalance',
  INVOICE_ALREADY_PAID: 'invoices.error.alreadyPaid',
  INVOICE_CURRENCY_MISMATCH: 'invoices.error.currencyMismatch',
};

/** The server's code of a failed request, as text ('' when it has none). */
export function errorCodeOf(error: unknown): string {
  return error instanceof GraphQLRequestError && error.code !== undefined ? String(error.code) : '';
}

/** Another company's invoice, a colleague's at level 1, a missing one or no right to see it: "not found". */
export function isInvoiceUnreachable(error: unknown): boolean {
  const code = errorCodeOf(error);
  return code === 'NOT_FOUND' || code === 'PERMISSION_DENIED';
}

/** The translated text of a failed invoice request. */
export function useInvoiceErrorText(): (error: unknown) => string {
  const t = useMessages(invoicesMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = TEXT_BY_CODE[errorCodeOf(error)];
      return key ? t(key) : errorText(error);
    },
    [t, errorText],
  );
}
