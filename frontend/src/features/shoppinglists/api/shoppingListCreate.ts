import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsCreateMutation,
  CustomerShoppingListsCreateMutationVariables,
  ShoppingListsCreateMutation,
  ShoppingListsCreateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// A new list (create_shopping_list): a junior buyer's starts as a draft, anyone else's approved. name 1–200
// characters, description up to 1,000 (VALIDATION_ERROR with fieldCodes required / max_length).

export const SHOPPING_LISTS_CREATE = graphqlOperation<ShoppingListsCreateMutation, ShoppingListsCreateMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsCreate($shoppingListData: ShoppingListInput!, $channelId: Int!) {
    shoppingListsCreate(shoppingListData: $shoppingListData, channelId: $channelId) {
      shoppingList { id name status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_CREATE = graphqlOperation<
  CustomerShoppingListsCreateMutation,
  CustomerShoppingListsCreateMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsCreate($shoppingListData: ShoppingListInput!, $channelId: Int!) {
    customerShoppingListsCreate(shoppingListData: $shoppingListData, channelId: $channelId) {
      shoppingList { id name status }
    }
  }
`);
