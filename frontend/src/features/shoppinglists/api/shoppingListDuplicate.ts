import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsDuplicateMutation,
  CustomerShoppingListsDuplicateMutationVariables,
  ShoppingListsDuplicateMutation,
  ShoppingListsDuplicateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// A copy of a list the caller can see, with its products, options and notes, as the caller's own list (a draft
// when the caller needs approval); its name and description as given, else "<name> (copy)" and the original's.

export const SHOPPING_LISTS_DUPLICATE = graphqlOperation<ShoppingListsDuplicateMutation, ShoppingListsDuplicateMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsDuplicate($id: Int!, $shoppingListData: ShoppingListUpdateInput) {
    shoppingListsDuplicate(id: $id, shoppingListData: $shoppingListData) {
      shoppingList { id name status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_DUPLICATE = graphqlOperation<
  CustomerShoppingListsDuplicateMutation,
  CustomerShoppingListsDuplicateMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsDuplicate($id: Int!, $shoppingListData: ShoppingListUpdateInput) {
    customerShoppingListsDuplicate(id: $id, shoppingListData: $shoppingListData) {
      shoppingList { id name status }
    }
  }
`);
