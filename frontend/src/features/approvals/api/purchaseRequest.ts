import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { PurchaseRequestFieldsFragment, PurchaseRequestQuery, PurchaseRequestQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { PURCHASE_REQUEST_FIELDS } from './purchaseRequestFields';

// api.md "Approvals": purchaseRequest(id) — NOT_FOUND unless the caller asked for it, approves one of its tiers or
// reaches its unit with get_orders level 2.

export const PURCHASE_REQUEST = graphqlOperation<PurchaseRequestQuery, PurchaseRequestQueryVariables>(/* GraphQL */ `
  query PurchaseRequest($id: Int!) {
    purchaseRequest(id: $id) {
      ...PurchaseRequestFields
    }
  }
  ${PURCHASE_REQUEST_FIELDS}
`);

export type PurchaseRequestDetail = PurchaseRequestFieldsFragment;
export type PurchaseRequestLine = PurchaseRequestDetail['lines'][number];
export type PurchaseRequestTier = PurchaseRequestDetail['tiers'][number];
export type PurchaseRequestReason = PurchaseRequestDetail['reasons'][number];

/** A request's page data (the user's data: dropped when the user changes). */
export function purchaseRequestQueryKey(id: number) {
  return [USER_QUERY_SCOPE, 'purchaseRequest', id] as const;
}

/** A request by its id; nothing is asked for an id that cannot be one (null: the page says "not found"). */
export function usePurchaseRequest(id: number | null) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: purchaseRequestQueryKey(id ?? 0),
    queryFn: ({ signal }) => client.request(PURCHASE_REQUEST, { id: id ?? 0 }, { signal, suppressErrorToast: true }).then((data) => data.purchaseRequest),
    enabled: id !== null,
  });
}
