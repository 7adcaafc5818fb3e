import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { InvoiceStatsQuery, InvoiceStatsQueryVariables } from '../../../lib/graphqlTypes.generated';
import { INVOICES_QUERY_KEY } from './invoices';

// business §7 invoiceStats(status, decimalPlaces) → totalBalance, overDueBalance: without a status, the open balance of
// every unpaid invoice and of those overdue, in the store's default currency.

export const INVOICE_STATS = graphqlOperation<InvoiceStatsQuery, InvoiceStatsQueryVariables>(/* GraphQL */ `
  query InvoiceStats($decimalPlaces: Int!) {
    invoiceStats(decimalPlaces: $decimalPlaces) { totalBalance overDueBalance currencyCode invoiceCount overdueCount }
  }
`);

export type InvoiceStats = InvoiceStatsQuery['invoiceStats'];

/** business §9: decimal places default 2. */
export function useInvoiceStats() {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...INVOICES_QUERY_KEY, 'stats'] as const,
    queryFn: ({ signal }) => client.request(INVOICE_STATS, { decimalPlaces: 2 }, { signal, suppressErrorToast: true }).then((data) => data.invoiceStats),
  });
}
