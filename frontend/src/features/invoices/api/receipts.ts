import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { AllReceiptLinesQuery, AllReceiptLinesQueryVariables, ReceiptQuery, ReceiptQueryVariables } from '../../../lib/graphqlTypes.generated';
import { INVOICES_QUERY_KEY } from './invoices';

// business §7 allReceiptLines (first 50, business §9) — the payment history — and receipt(id) (business §3 Receipt).

/** business §9: receipt lines, first 50. */
export const RECEIPT_LINES_PAGE_SIZE = 50;

export const ALL_RECEIPT_LINES = graphqlOperation<AllReceiptLinesQuery, AllReceiptLinesQueryVariables>(/* GraphQL */ `
  query AllReceiptLines($first: Int!, $offset: Int!, $invoiceId: Int) {
    allReceiptLines(first: $first, offset: $offset, invoiceId: $invoiceId, orderBy: "-createdAt") {
      totalCount
      edges {
        node {
          id
          receiptId
          invoiceId
          invoiceNumber
          amount { code value }
          paymentStatus
          paymentType
          transactionType
          referenceNumber
          payerName
          createdAt
        }
      }
    }
  }
`);

export type ReceiptLine = AllReceiptLinesQuery['allReceiptLines']['edges'][number]['node'];

export const RECEIPT = graphqlOperation<ReceiptQuery, ReceiptQueryVariables>(/* GraphQL */ `
  query Receipt($id: ID!) {
    receipt(id: $id) {
      id
      totalCode
      totalAmount
      payerName
      paymentType
      transactionType
      referenceNumber
      createdAt
      lines { id invoiceId invoiceNumber amount { code value } paymentStatus }
    }
  }
`);

export type Receipt = ReceiptQuery['receipt'];

/** One page (of 50) of the payment history, newest first. */
export function useReceiptLines(page: number, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useGraphQLClient();
  const variables = { first: RECEIPT_LINES_PAGE_SIZE, offset: (page - 1) * RECEIPT_LINES_PAGE_SIZE, invoiceId: null };
  return useQuery({
    queryKey: [...INVOICES_QUERY_KEY, 'receiptLines', variables] as const,
    queryFn: async ({ signal }) => {
      const { allReceiptLines } = await client.request(ALL_RECEIPT_LINES, variables, { signal, suppressErrorToast: true });
      return { totalCount: allReceiptLines.totalCount, lines: allReceiptLines.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useReceipt(id: string | null) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...INVOICES_QUERY_KEY, 'receipt', id] as const,
    queryFn: ({ signal }) => client.request(RECEIPT, { id: id! }, { signal, suppressErrorToast: true }).then((data) => data.receipt),
    enabled: id !== null,
  });
}
