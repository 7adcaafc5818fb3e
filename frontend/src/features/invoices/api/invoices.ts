import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { InvoicesQuery, InvoicesQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// business §7 invoices(search, first, offset, status, date filters, orderBy) — orderBy is required (business §5);
// docs/api.md "Invoices (issue 20)". companyId (issue 40): one unit of a list that spans the units below the caller's.

/** The list's sort fields (invoices.selectors INVOICE_ORDERINGS), `-` for descending. */
export const INVOICE_ORDER_FIELDS = ['invoiceNumber', 'orderNumber', 'purchaseOrderNumber', 'invoiceDate', 'dueDate', 'originalBalance', 'openBalance', 'status'] as const;
export type InvoiceOrderField = (typeof INVOICE_ORDER_FIELDS)[number];
export type InvoiceOrderBy = InvoiceOrderField | `-${InvoiceOrderField}`;

/** The server refuses longer searches, and pages above 100. */
export const MAX_INVOICE_SEARCH_LENGTH = 100;

export const INVOICES = graphqlOperation<InvoicesQuery, InvoicesQueryVariables>(/* GraphQL */ `
  query Invoices(
    $first: Int!
    $offset: Int!
    $search: String
    $status: Int
    $dateFrom: Date
    $dateTo: Date
    $orderBy: String!
    $companyId: Int
  ) {
    invoices(
      first: $first
      offset: $offset
      search: $search
      status: $status
      dateFrom: $dateFrom
      dateTo: $dateTo
      orderBy: $orderBy
      companyId: $companyId
    ) {
      totalCount
      edges {
        node {
          id
          invoiceNumber
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
          openBalance { code value }
          originalBalance { code value }
          companyId
          companyName
        }
      }
    }
  }
`);

/** An invoice as the list shows it; amounts are decimal strings with their currency. */
export type InvoiceListItem = InvoicesQuery['invoices']['edges'][number]['node'];
export type InvoicesVariables = InvoicesQueryVariables;

export interface InvoicesPage {
  totalCount: number;
  invoices: InvoiceListItem[];
}

/** Every cached page of the invoice list, its totals and the payment history (dropped when the user changes). */
export const INVOICES_QUERY_KEY = [USER_QUERY_SCOPE, 'invoices'] as const;

/** One page of the caller's invoices; the page shown stays while the next one loads. */
export function useInvoices(variables: InvoicesVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...INVOICES_QUERY_KEY, 'list', variables] as const,
    queryFn: async ({ signal }): Promise<InvoicesPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { invoices } = await client.request(INVOICES, variables, { signal, suppressErrorToast: true });
      return { totalCount: invoices.totalCount, invoices: invoices.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
