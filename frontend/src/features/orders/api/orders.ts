import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { OrderScope, OrdersQuery, OrdersQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// api.md "Orders": orders(scope, first, offset, search, status, dateFrom, dateTo, createdBy, orderBy, companyId) —
// orderBy is required. scope MINE is /orders (the caller's own), COMPANY is /company-orders ("Lab orders", get_orders level 2).

export type { OrderScope };

/** The order statuses (the server's OrderStatus values), in the order an order goes through them. */
export const ORDER_STATUSES = ['awaiting_payment', 'awaiting_fulfillment', 'partially_shipped', 'shipped', 'completed', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_ORDER_FIELDS = ['number', 'poNumber', 'grandTotal', 'status', 'placedBy', 'createdAt'] as const;
export type OrderOrderField = (typeof ORDER_ORDER_FIELDS)[number];
export type OrderOrderBy = OrderOrderField | `-${OrderOrderField}`;

/** The server's page size limit (the list's sizes stay under it). */
export const MAX_ORDERS_PAGE_SIZE = 100;
/** The server refuses longer searches. */
export const MAX_ORDER_SEARCH_LENGTH = 100;

export function isOrderStatus(value: string | null | undefined): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** The list page's parameters (its URL state), sent as the query's variables. */
export interface OrdersVariables {
  scope: OrderScope;
  first: number;
  offset: number;
  search: string | null;
  status: OrderStatus | null;
  /** The day the order was placed, inclusive (YYYY-MM-DD). */
  dateFrom: string | null;
  dateTo: string | null;
  /** Who placed it (a user id from createdByUser); Lab orders only. */
  createdBy: number | null;
  orderBy: OrderOrderBy;
  /** Issue 40: one unit of those Lab orders span (null: all of them, or a list that spans none); Lab orders only. */
  companyId?: number | null;
}

export interface OrdersPage {
  totalCount: number;
  /** A search counts up to 1,000 orders: true when more match (the list says "more than 1,000"; issue 38). */
  totalCountCapped: boolean;
  orders: OrderListItem[];
}

export const ORDERS = graphqlOperation<OrdersQuery, OrdersQueryVariables>(/* GraphQL */ `
  query Orders(
    $scope: OrderScope!
    $first: Int!
    $offset: Int!
    $search: String
    $status: String
    $dateFrom: Date
    $dateTo: Date
    $createdBy: Int
    $orderBy: String!
    $companyId: Int
  ) {
    orders(
      scope: $scope
      first: $first
      offset: $offset
      search: $search
      status: $status
      dateFrom: $dateFrom
      dateTo: $dateTo
      createdBy: $createdBy
      orderBy: $orderBy
      companyId: $companyId
    ) {
      totalCount
      totalCountCapped
      edges {
        node {
          id
          number
          poNumber
          status
          statusLabel
          placedBy { id name email }
          createdAt
          currencyCode
          grandTotal
          itemCount
          lineCount
          companyId
          companyName
        }
      }
    }
  }
`);

/** An order as the lists show it (`OrderHeader`); `grandTotal` is a decimal string in `currencyCode`. */
export type OrderListItem = OrdersQuery['orders']['edges'][number]['node'];

/** Every cached page of both order lists (the user's data: dropped when the user changes). */
export const ORDERS_QUERY_KEY = [USER_QUERY_SCOPE, 'orders'] as const;

/** One page of the caller's (or the company's) orders; the page shown stays while the next one loads. */
export function useOrders(variables: OrdersVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...ORDERS_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<OrdersPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { orders } = await client.request(ORDERS, variables, { signal, suppressErrorToast: true });
      return {
        totalCount: orders.totalCount,
        totalCountCapped: orders.totalCountCapped,
        orders: orders.edges.map((edge) => edge.node),
      };
    },
    placeholderData: keepPreviousData,
  });
}
