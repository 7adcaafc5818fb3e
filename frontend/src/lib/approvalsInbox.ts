import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from './graphql';
import { useGraphQLClient } from './GraphQLClientProvider';
import type { PurchaseRequestInboxCountQuery, PurchaseRequestInboxCountQueryVariables } from './graphqlTypes.generated';
import { USER_QUERY_SCOPE } from './session';

// Issue 41: how many purchase requests wait for the signed-in user's approval — the badge on the menu's Approvals
// entry. The approvals pages ask for it again after a decision (PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY).

export const PURCHASE_REQUEST_INBOX_COUNT = graphqlOperation<PurchaseRequestInboxCountQuery, PurchaseRequestInboxCountQueryVariables>(/* GraphQL */ `
  query PurchaseRequestInboxCount {
    purchaseRequestInboxCount
  }
`);

export const PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY = [USER_QUERY_SCOPE, 'purchaseRequestInboxCount'] as const;

/** The count once loaded (undefined before, or when it could not be: the menu then shows no badge). */
export function usePurchaseRequestInboxCount(enabled: boolean): number | undefined {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY,
    // A badge that cannot load is left out: no toast over the page for it.
    queryFn: ({ signal }) => client.request(PURCHASE_REQUEST_INBOX_COUNT, {}, { signal, suppressErrorToast: true }).then((data) => data.purchaseRequestInboxCount),
    enabled,
    staleTime: 60 * 1000,
  }).data;
}
