import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { InvoiceQuery, InvoiceQueryVariables } from '../../../lib/graphqlTypes.generated';
import { INVOICES_QUERY_KEY } from './invoices';

// business §7 invoice(id): an invoice with its lines, payments (receipt lines), tracking numbers and PDF link
// (/invoiceDetail/{id}); another company's, a colleague's at level 1 or a missing one: NOT_FOUND.

export const INVOICE = graphqlOperation<InvoiceQuery, InvoiceQueryVariables>(/* GraphQL */ `
  query Invoice($id: ID!) {
    invoice(id: $id) {
      id
      invoiceNumber
      externalId
      customerName
      orderNumber
      purchaseOrderNumber
      costCentre
      invoiceDate
      dueDate
      status
      notAllowedPay
      pendingPaymentCount
      hasPdf
      canViewOrder
      pdfUrl
      billTo
      openBalance { code value }
      originalBalance { code value }
      details { subtotal shippingTotal taxTotal companyName }
      trackingNumbers { number carrier courierName trackingUrl }
      lines { id sku name quantity unitPrice lineTotal tax }
      payments {
        id
        receiptId
        amount { code value }
        paymentStatus
        paymentType
        referenceNumber
        payerName
        createdAt
      }
    }
  }
`);

export type InvoiceDetail = InvoiceQuery['invoice'];
export type InvoiceDetailLine = InvoiceDetail['lines'][number];
export type InvoicePayment = NonNullable<InvoiceDetail['payments']>[number];

export const invoiceQueryKey = (id: string) => [...INVOICES_QUERY_KEY, 'detail', id] as const;

export function useInvoice(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: invoiceQueryKey(id),
    queryFn: ({ signal }) => client.request(INVOICE, { id }, { signal, suppressErrorToast: true }).then((data) => data.invoice),
    enabled,
  });
}
