import { graphqlOperation } from '../../../lib/graphql';
import type { InvoicePdfQuery, InvoicePdfQueryVariables } from '../../../lib/graphqlTypes.generated';

// business §7 invoicePdf(invoiceId, isPayNow) → url: a signed link valid a few minutes; an invoice without a PDF is
// refused with PDF_URL_RESOLUTION_ERROR 'pdf url resolution error' (business §8).

export const INVOICE_PDF = graphqlOperation<InvoicePdfQuery, InvoicePdfQueryVariables>(/* GraphQL */ `
  query InvoicePdf($invoiceId: Int!, $isPayNow: Boolean!) {
    invoicePdf(invoiceId: $invoiceId, isPayNow: $isPayNow) { url fileName }
  }
`);
