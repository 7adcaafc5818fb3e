import { graphqlOperation } from '../../../lib/graphql';
import type {
  QuickOrderCustomerListCreateMutation,
  QuickOrderCustomerListCreateMutationVariables,
  QuickOrderCustomerListItemsCreateMutation,
  QuickOrderCustomerListItemsCreateMutationVariables,
  QuickOrderListCreateMutation,
  QuickOrderListCreateMutationVariables,
  QuickOrderListItemsCreateMutation,
  QuickOrderListItemsCreateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// docs/api.md "Lists": a new list (create_shopping_list; a junior buyer's starts as a draft) and products into a list
// (create_shopping_list_item: all of them or none, field errors keyed by item, `items.<n>.…`), each in the company's
// and the individual customer's variant.

export type { ShoppingListItemInput } from '../../../lib/graphqlTypes.generated';

export const QUICK_ORDER_LIST_CREATE = graphqlOperation<QuickOrderListCreateMutation, QuickOrderListCreateMutationVariables>(/* GraphQL */ `
  mutation QuickOrderListCreate($shoppingListData: ShoppingListInput!, $channelId: Int!) {
    shoppingListsCreate(shoppingListData: $shoppingListData, channelId: $channelId) {
      shoppingList { id name }
    }
  }
`);

export const QUICK_ORDER_CUSTOMER_LIST_CREATE = graphqlOperation<
  QuickOrderCustomerListCreateMutation,
  QuickOrderCustomerListCreateMutationVariables
>(/* GraphQL */ `
  mutation QuickOrderCustomerListCreate($shoppingListData: ShoppingListInput!, $channelId: Int!) {
    customerShoppingListsCreate(shoppingListData: $shoppingListData, channelId: $channelId) {
      shoppingList { id name }
    }
  }
`);

export const QUICK_ORDER_LIST_ITEMS_CREATE = graphqlOperation<QuickOrderListItemsCreateMutation, QuickOrderListItemsCreateMutationVariables>(/* GraphQL */ `
  mutation QuickOrderListItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    shoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name }
    }
  }
`);

export const QUICK_ORDER_CUSTOMER_LIST_ITEMS_CREATE = graphqlOperation<
  QuickOrderCustomerListItemsCreateMutation,
  QuickOrderCustomerListItemsCreateMutationVariables
>(/* GraphQL */ `
  mutation QuickOrderCustomerListItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    customerShoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name }
    }
  }
`);
