import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { ShoppingListMakersQuery, ShoppingListMakersQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// shell §7 createdByUser(companyId, module: "shoppinglists"): who made the company's lists, for the "created by"
// filter (at level 1 only the caller; makers of hotlists only are left out).

export const SHOPPING_LIST_MAKERS = graphqlOperation<ShoppingListMakersQuery, ShoppingListMakersQueryVariables>(/* GraphQL */ `
  query ShoppingListMakers($companyId: Int!) {
    createdByUser(companyId: $companyId, module: "shoppinglists") {
      id
      firstName
      lastName
      email
    }
  }
`);

export type ShoppingListCreator = ShoppingListMakersQuery['createdByUser'][number];

/** The choices of the "created by" filter; nothing is asked while there is no company (null). */
export function useShoppingListMakers(companyId: number | null) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'shoppingListMakers', companyId] as const,
    queryFn: ({ signal }) =>
      client.request(SHOPPING_LIST_MAKERS, { companyId: companyId ?? 0 }, { signal, suppressErrorToast: true }).then((data) => data.createdByUser),
    enabled: companyId !== null,
    staleTime: 5 * 60 * 1000,
  });
}
