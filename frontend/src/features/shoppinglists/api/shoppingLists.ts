import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  CustomerShoppingListsQuery,
  CustomerShoppingListsQueryVariables,
  ShoppingListsQuery,
  ShoppingListsQueryVariables,
} from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { SHOPPING_LIST_CARD_FIELDS, type ShoppingListCard, type ShoppingListKind, type ShoppingListStatus } from './shoppingListFields';

// docs/api.md "Lists": shoppingLists(first, offset, search, createdBy, email, status, orderBy, companyId) for a
// company's users (companyId, issue 40: one unit of lists that span the units below the caller's),
// customerShoppingLists(…) without the maker filters for an individual customer. orderBy is required; hotlists are
// never among them nor counted (business §4).

export const SHOPPING_LIST_ORDER_FIELDS = ['updatedAt', 'createdAt', 'name', 'status'] as const;
export type ShoppingListOrderField = (typeof SHOPPING_LIST_ORDER_FIELDS)[number];
export type ShoppingListOrderBy = ShoppingListOrderField | `-${ShoppingListOrderField}`;

/** The server's page size limit (the page's sizes stay under it). */
export const MAX_SHOPPING_LISTS_PAGE_SIZE = 100;
/** The server refuses longer searches. */
export const MAX_SHOPPING_LIST_SEARCH_LENGTH = 100;

export const SHOPPING_LISTS = graphqlOperation<ShoppingListsQuery, ShoppingListsQueryVariables>(/* GraphQL */ `
  query ShoppingLists($first: Int!, $offset: Int!, $search: String, $createdBy: Int, $status: [Int!], $orderBy: String!, $companyId: Int) {
    shoppingLists(
      first: $first
      offset: $offset
      search: $search
      createdBy: $createdBy
      status: $status
      orderBy: $orderBy
      companyId: $companyId
    ) {
      totalCount
      edges { node { ...ShoppingListCardFields } }
    }
  }
  ${SHOPPING_LIST_CARD_FIELDS}
`);

export const CUSTOMER_SHOPPING_LISTS = graphqlOperation<CustomerShoppingListsQuery, CustomerShoppingListsQueryVariables>(/* GraphQL */ `
  query CustomerShoppingLists($first: Int!, $offset: Int!, $search: String, $status: [Int!], $orderBy: String!) {
    customerShoppingLists(first: $first, offset: $offset, search: $search, status: $status, orderBy: $orderBy) {
      totalCount
      edges { node { ...ShoppingListCardFields } }
    }
  }
  ${SHOPPING_LIST_CARD_FIELDS}
`);

/** The lists page's parameters (its URL state), sent as the query's variables. */
export interface ShoppingListsVariables {
  first: number;
  offset: number;
  search: string | null;
  /** Who made the list (a user id from createdByUser); a company's lists only. */
  createdBy: number | null;
  status: ShoppingListStatus[] | null;
  orderBy: ShoppingListOrderBy;
  /** Issue 40: one unit of a company's lists that span units (null: all of them, or lists that span none). */
  companyId?: number | null;
}

export interface ShoppingListsPage {
  totalCount: number;
  lists: ShoppingListCard[];
}

/** Every cached list of lists, and every list's page (the user's data: dropped when the user changes). */
export const SHOPPING_LISTS_QUERY_KEY = [USER_QUERY_SCOPE, 'shoppingLists'] as const;

/** One page of the caller's lists; the page shown stays while the next one loads. */
export function useShoppingLists(kind: ShoppingListKind | null, variables: ShoppingListsVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...SHOPPING_LISTS_QUERY_KEY, 'page', kind, variables] as const,
    queryFn: async ({ signal }): Promise<ShoppingListsPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const options = { signal, suppressErrorToast: true };
      const { createdBy, companyId, ...rest } = variables;
      const page =
        kind === 'company'
          ? (await client.request(SHOPPING_LISTS, { ...rest, createdBy, ...(companyId === undefined ? {} : { companyId }) }, options)).shoppingLists
          : (await client.request(CUSTOMER_SHOPPING_LISTS, rest, options)).customerShoppingLists;
      return { totalCount: page.totalCount, lists: page.edges.map((edge) => edge.node) };
    },
    enabled: kind !== null,
    placeholderData: keepPreviousData,
  });
}
