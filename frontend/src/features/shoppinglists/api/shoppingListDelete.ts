import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsDeleteMutation,
  CustomerShoppingListsDeleteMutationVariables,
  ShoppingListsDeleteMutation,
  ShoppingListsDeleteMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Delete a list (delete_shopping_list at its level): status 20, gone from every read.

export const SHOPPING_LISTS_DELETE = graphqlOperation<ShoppingListsDeleteMutation, ShoppingListsDeleteMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsDelete($id: Int!) {
    shoppingListsDelete(id: $id) { id }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_DELETE = graphqlOperation<
  CustomerShoppingListsDeleteMutation,
  CustomerShoppingListsDeleteMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsDelete($id: Int!) {
    customerShoppingListsDelete(id: $id) { id }
  }
`);
