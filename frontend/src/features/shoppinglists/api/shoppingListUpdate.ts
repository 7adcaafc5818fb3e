import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsUpdateMutation,
  CustomerShoppingListsUpdateMutationVariables,
  ShoppingListsUpdateMutation,
  ShoppingListsUpdateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Rename a list or change its description (update_shopping_list at its level). A rejected list of a junior buyer
// returns to draft.

export const SHOPPING_LISTS_UPDATE = graphqlOperation<ShoppingListsUpdateMutation, ShoppingListsUpdateMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsUpdate($id: Int!, $shoppingListData: ShoppingListUpdateInput!) {
    shoppingListsUpdate(id: $id, shoppingListData: $shoppingListData) {
      shoppingList { id name status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_UPDATE = graphqlOperation<
  CustomerShoppingListsUpdateMutation,
  CustomerShoppingListsUpdateMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsUpdate($id: Int!, $shoppingListData: ShoppingListUpdateInput!) {
    customerShoppingListsUpdate(id: $id, shoppingListData: $shoppingListData) {
      shoppingList { id name status }
    }
  }
`);
