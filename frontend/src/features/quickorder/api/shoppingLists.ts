import { graphqlOperation } from '../../../lib/graphql';
import type {
  QuickOrderCustomerShoppingListsQuery,
  QuickOrderCustomerShoppingListsQueryVariables,
  QuickOrderShoppingListsQuery,
  QuickOrderShoppingListsQueryVariables,
} from '../../../lib/graphqlTypes.generated';

// docs/api.md "Lists": the lists a product can go into — a company's user's (shoppingLists) or an individual
// customer's (customerShoppingLists) — the most recently changed first, as many as the server gives in a page (100).

const QUICK_ORDER_LIST_FIELDS = /* GraphQL */ `
  fragment QuickOrderListFields on ShoppingList {
    id
    name
    status
    statusLabel
    isOwner
    itemCount
    canAddItems
  }
`;

export const QUICK_ORDER_SHOPPING_LISTS = graphqlOperation<QuickOrderShoppingListsQuery, QuickOrderShoppingListsQueryVariables>(/* GraphQL */ `
  query QuickOrderShoppingLists {
    shoppingLists(first: 100, offset: 0, orderBy: "-updatedAt") {
      edges { node { ...QuickOrderListFields } }
    }
  }
  ${QUICK_ORDER_LIST_FIELDS}
`);

export const QUICK_ORDER_CUSTOMER_SHOPPING_LISTS = graphqlOperation<
  QuickOrderCustomerShoppingListsQuery,
  QuickOrderCustomerShoppingListsQueryVariables
>(/* GraphQL */ `
  query QuickOrderCustomerShoppingLists {
    customerShoppingLists(first: 100, offset: 0, orderBy: "-updatedAt") {
      edges { node { ...QuickOrderListFields } }
    }
  }
  ${QUICK_ORDER_LIST_FIELDS}
`);

export type ChooserList = QuickOrderShoppingListsQuery['shoppingLists']['edges'][number]['node'];
