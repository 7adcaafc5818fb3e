import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { PurchasedProductsQuery, PurchasedProductsQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// docs/api.md "Quick order: purchasedProducts": one row per product, variant and options as ordered, with today's
// price for the caller's group. orderBy is required; with get_orders above level 1 the rows are the company's.

export const PURCHASED_ORDER_FIELDS = ['productName', 'sku', 'lastOrderedAt', 'quantity', 'orderCount'] as const;
export type PurchasedOrderField = (typeof PURCHASED_ORDER_FIELDS)[number];
export type PurchasedOrderBy = PurchasedOrderField | `-${PurchasedOrderField}`;

/** The server refuses longer searches. */
export const MAX_PURCHASED_SEARCH_LENGTH = 100;

export const PURCHASED_PRODUCTS = graphqlOperation<PurchasedProductsQuery, PurchasedProductsQueryVariables>(/* GraphQL */ `
  query PurchasedProducts($first: Int!, $offset: Int!, $search: String, $dateFrom: Date, $dateTo: Date, $orderBy: String!) {
    purchasedProducts(first: $first, offset: $offset, search: $search, dateFrom: $dateFrom, dateTo: $dateTo, orderBy: $orderBy) {
      totalCount
      edges {
        node {
          id
          productId
          variantId
          sku
          productName
          options { name value }
          optionList { optionId optionValue }
          lastOrderedAt
          quantityOrdered
          orderCount
          price { taxExclusive }
          currencyCode
          priceOnRequest
          purchasable
          availableStock
          imageUrl
          productUrl
        }
      }
    }
  }
`);

/** A purchased product as the list shows it; `price.taxExclusive` is a decimal string in `currencyCode`. */
export type PurchasedProduct = PurchasedProductsQuery['purchasedProducts']['edges'][number]['node'];

export interface PurchasedProductsVariables {
  first: number;
  offset: number;
  search: string | null;
  /** The days of the orders counted, inclusive (YYYY-MM-DD). */
  dateFrom: string | null;
  dateTo: string | null;
  orderBy: PurchasedOrderBy;
}

export interface PurchasedProductsPage {
  totalCount: number;
  products: PurchasedProduct[];
}

/** Every cached page of the list (the user's data: dropped when the user changes). */
export const PURCHASED_PRODUCTS_QUERY_KEY = [USER_QUERY_SCOPE, 'purchasedProducts'] as const;

/** One page of what the caller has bought; the page shown stays while the next one loads. */
export function usePurchasedProducts(variables: PurchasedProductsVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...PURCHASED_PRODUCTS_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<PurchasedProductsPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { purchasedProducts } = await client.request(PURCHASED_PRODUCTS, variables, { signal, suppressErrorToast: true });
      return { totalCount: purchasedProducts.totalCount, products: purchasedProducts.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
