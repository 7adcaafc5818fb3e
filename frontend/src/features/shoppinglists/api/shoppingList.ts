import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  CustomerShoppingListQuery,
  CustomerShoppingListQueryVariables,
  CustomerShoppingListSelectionQuery,
  CustomerShoppingListSelectionQueryVariables,
  ShoppingListQuery,
  ShoppingListQueryVariables,
  ShoppingListSelectionQuery,
  ShoppingListSelectionQueryVariables,
} from '../../../lib/graphqlTypes.generated';
import {
  SHOPPING_LIST_HEADER_FIELDS,
  SHOPPING_LIST_ITEM_FIELDS,
  type ShoppingListHeader,
  type ShoppingListItem,
  type ShoppingListKind,
} from './shoppingListFields';
import { SHOPPING_LISTS_QUERY_KEY } from './shoppingLists';

// docs/api.md "A list and its products": shoppingList(id) (customerShoppingList for an individual customer) with a
// page of its products — business §9: 100 by default, newest change first; sorted by updatedAt, createdAt,
// productName, sku or quantity.

export const SHOPPING_LIST_ITEM_ORDER_FIELDS = ['updatedAt', 'productName', 'sku', 'quantity'] as const;
export type ShoppingListItemOrderField = (typeof SHOPPING_LIST_ITEM_ORDER_FIELDS)[number];
export type ShoppingListItemOrderBy = ShoppingListItemOrderField | `-${ShoppingListItemOrderField}`;

export const SHOPPING_LIST = graphqlOperation<ShoppingListQuery, ShoppingListQueryVariables>(/* GraphQL */ `
  query ShoppingList($id: Int!, $first: Int!, $offset: Int!, $orderBy: String!) {
    shoppingList(id: $id) {
      ...ShoppingListHeaderFields
      products(first: $first, offset: $offset, orderBy: $orderBy) {
        totalCount
        edges { node { ...ShoppingListItemFields } }
      }
    }
  }
  ${SHOPPING_LIST_HEADER_FIELDS}
  ${SHOPPING_LIST_ITEM_FIELDS}
`);

export const CUSTOMER_SHOPPING_LIST = graphqlOperation<CustomerShoppingListQuery, CustomerShoppingListQueryVariables>(/* GraphQL */ `
  query CustomerShoppingList($id: Int!, $first: Int!, $offset: Int!, $orderBy: String!) {
    customerShoppingList(id: $id) {
      ...ShoppingListHeaderFields
      products(first: $first, offset: $offset, orderBy: $orderBy) {
        totalCount
        edges { node { ...ShoppingListItemFields } }
      }
    }
  }
  ${SHOPPING_LIST_HEADER_FIELDS}
  ${SHOPPING_LIST_ITEM_FIELDS}
`);

// business §2 "select all across pages": every product of the list in one page (a list holds at most 500, the
// products field's cap), with only what the selection needs — whether a row may be ticked, its line total for the
// footer's subtotal, and what Add selected to quote sends.
export const SHOPPING_LIST_SELECTION = graphqlOperation<ShoppingListSelectionQuery, ShoppingListSelectionQueryVariables>(/* GraphQL */ `
  query ShoppingListSelection($id: Int!) {
    shoppingList(id: $id) {
      id
      products(first: 500, offset: 0) {
        totalCount
        edges { node { id productId variantId variantSku productName optionList quantity purchasable lineTotal lineTotalWithTax } }
      }
    }
  }
`);

export const CUSTOMER_SHOPPING_LIST_SELECTION = graphqlOperation<CustomerShoppingListSelectionQuery, CustomerShoppingListSelectionQueryVariables>(/* GraphQL */ `
  query CustomerShoppingListSelection($id: Int!) {
    customerShoppingList(id: $id) {
      id
      products(first: 500, offset: 0) {
        totalCount
        edges { node { id productId variantId variantSku productName optionList quantity purchasable lineTotal lineTotalWithTax } }
      }
    }
  }
`);

export interface ShoppingListPageVariables {
  id: number;
  first: number;
  offset: number;
  orderBy: ShoppingListItemOrderBy;
}

export interface ShoppingListWithItems {
  list: ShoppingListHeader;
  totalCount: number;
  items: ShoppingListItem[];
}

/** What the selection knows of each product of the list, over every page. */
export type SelectionFacts = ShoppingListSelectionQuery['shoppingList']['products']['edges'][number]['node'];

export function shoppingListQueryKey(id: number) {
  return [...SHOPPING_LISTS_QUERY_KEY, 'list', id] as const;
}

/** A list with one page of its products; the page shown stays while the next one loads. */
export function useShoppingList(kind: ShoppingListKind | null, variables: ShoppingListPageVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...shoppingListQueryKey(variables.id), 'page', kind, variables] as const,
    queryFn: async ({ signal }): Promise<ShoppingListWithItems> => {
      // The page shows a failure (not found, a refusal) in place: no toast on top of it.
      const options = { signal, suppressErrorToast: true };
      const detail =
        kind === 'company'
          ? (await client.request(SHOPPING_LIST, variables, options)).shoppingList
          : (await client.request(CUSTOMER_SHOPPING_LIST, variables, options)).customerShoppingList;
      const { products, ...list } = detail;
      return { list, totalCount: products.totalCount, items: products.edges.map((edge) => edge.node) };
    },
    enabled: kind !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every product of the list as the selection needs it (asked for beside the page, refreshed with it). */
export function useShoppingListSelectionFacts(kind: ShoppingListKind | null, id: number, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...shoppingListQueryKey(id), 'selection', kind] as const,
    queryFn: async ({ signal }): Promise<SelectionFacts[]> => {
      const options = { signal, suppressErrorToast: true };
      const detail =
        kind === 'company'
          ? (await client.request(SHOPPING_LIST_SELECTION, { id }, options)).shoppingList
          : (await client.request(CUSTOMER_SHOPPING_LIST_SELECTION, { id }, options)).customerShoppingList;
      return detail.products.edges.map((edge) => edge.node);
    },
    enabled: kind !== null && enabled,
  });
}
