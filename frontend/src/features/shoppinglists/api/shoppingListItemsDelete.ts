import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsItemsDeleteMutation,
  CustomerShoppingListsItemsDeleteMutationVariables,
  ShoppingListsItemsDeleteMutation,
  ShoppingListsItemsDeleteMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Remove products (delete_shopping_list_item); an id that is not the list's is VALIDATION_ERROR (unknown_item) and
// nothing is removed. A junior buyer's list returns to draft.

export const SHOPPING_LISTS_ITEMS_DELETE = graphqlOperation<ShoppingListsItemsDeleteMutation, ShoppingListsItemsDeleteMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsItemsDelete($shoppingListId: Int!, $itemIds: [Int!]!) {
    shoppingListsItemsDelete(shoppingListId: $shoppingListId, itemIds: $itemIds) {
      shoppingList { id status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_ITEMS_DELETE = graphqlOperation<
  CustomerShoppingListsItemsDeleteMutation,
  CustomerShoppingListsItemsDeleteMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsItemsDelete($shoppingListId: Int!, $itemIds: [Int!]!) {
    customerShoppingListsItemsDelete(shoppingListId: $shoppingListId, itemIds: $itemIds) {
      shoppingList { id status }
    }
  }
`);
