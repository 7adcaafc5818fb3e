import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { PurchaseRequestsQuery, PurchaseRequestsQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { PURCHASE_REQUEST_ROW_FIELDS } from './purchaseRequestFields';

// api.md "Approvals": purchaseRequests(view, first, offset, status, companyId, orderBy) — orderBy is required.
// view "inbox": pending requests whose current tier the caller approves; "mine": the caller's own; "company": every
// request of the units the caller's company-wide reach covers (get_orders level 2).

export const REQUEST_VIEWS = ['inbox', 'mine', 'company'] as const;
export type RequestView = (typeof REQUEST_VIEWS)[number];

/** The request statuses, in the order a request goes through them. */
export const REQUEST_STATUSES = ['pending', 'placed', 'rejected', 'withdrawn', 'expired'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_ORDER_FIELDS = ['createdAt', 'grandTotal'] as const;
export type RequestOrderField = (typeof REQUEST_ORDER_FIELDS)[number];
export type RequestOrderBy = RequestOrderField | `-${RequestOrderField}`;

export function isRequestStatus(value: string | null | undefined): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}

export function isRequestView(value: string | null | undefined): value is RequestView {
  return typeof value === 'string' && (REQUEST_VIEWS as readonly string[]).includes(value);
}

export const PURCHASE_REQUESTS = graphqlOperation<PurchaseRequestsQuery, PurchaseRequestsQueryVariables>(/* GraphQL */ `
  query PurchaseRequests($view: String!, $first: Int!, $offset: Int!, $status: String, $companyId: Int, $orderBy: String!) {
    purchaseRequests(view: $view, first: $first, offset: $offset, status: $status, companyId: $companyId, orderBy: $orderBy) {
      totalCount
      edges {
        node {
          ...PurchaseRequestRowFields
        }
      }
    }
  }
  ${PURCHASE_REQUEST_ROW_FIELDS}
`);

/** The list page's parameters (its URL state), sent as the query's variables. */
export interface PurchaseRequestsVariables {
  view: RequestView;
  first: number;
  offset: number;
  /** Always null in the inbox: it holds pending requests only. */
  status: RequestStatus | null;
  /** One unit of the company view that spans units (issue 40); null: all of them. */
  companyId: number | null;
  orderBy: RequestOrderBy;
}

/** A request as the lists show it. */
export type PurchaseRequestRow = PurchaseRequestsQuery['purchaseRequests']['edges'][number]['node'];

export interface PurchaseRequestsPage {
  totalCount: number;
  requests: PurchaseRequestRow[];
}

/** Every cached page of the three lists (the user's data: dropped when the user changes). */
export const PURCHASE_REQUESTS_QUERY_KEY = [USER_QUERY_SCOPE, 'purchaseRequests'] as const;

/** One page of a list; the page shown stays while the next one loads. */
export function usePurchaseRequests(variables: PurchaseRequestsVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...PURCHASE_REQUESTS_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<PurchaseRequestsPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { purchaseRequests } = await client.request(PURCHASE_REQUESTS, variables, { signal, suppressErrorToast: true });
      return { totalCount: purchaseRequests.totalCount, requests: purchaseRequests.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
