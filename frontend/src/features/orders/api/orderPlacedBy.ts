import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { OrderPlacedByQuery, OrderPlacedByQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// shell §7 createdByUser(companyId, module: "orders"): the people who placed the company's orders, for the "placed
// by" filter of Lab orders (ex-members included: their orders stay with the company).

export const ORDER_PLACED_BY = graphqlOperation<OrderPlacedByQuery, OrderPlacedByQueryVariables>(/* GraphQL */ `
  query OrderPlacedBy($companyId: Int!) {
    createdByUser(companyId: $companyId, module: "orders") {
      id
      firstName
      lastName
      email
    }
  }
`);

export type OrderPlacer = OrderPlacedByQuery['createdByUser'][number];

export function placerName(placer: Pick<OrderPlacer, 'firstName' | 'lastName' | 'email'>): string {
  return `${placer.firstName} ${placer.lastName}`.trim() || placer.email;
}

/** The choices of the "placed by" filter; nothing is asked while there is no company (null). */
export function useOrderPlacers(companyId: number | null) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'orderPlacers', companyId] as const,
    queryFn: ({ signal }) =>
      client.request(ORDER_PLACED_BY, { companyId: companyId ?? 0 }, { signal, suppressErrorToast: true }).then((data) => data.createdByUser),
    enabled: companyId !== null,
    staleTime: 5 * 60 * 1000,
  });
}
