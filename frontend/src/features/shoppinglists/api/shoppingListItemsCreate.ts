import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsItemsCreateMutation,
  CustomerShoppingListsItemsCreateMutationVariables,
  ShoppingListsItemsCreateMutation,
  ShoppingListsItemsCreateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Add products (create_shopping_list_item): a sku (quick add) or a productId with a variantId or the variant
// options' values among its options, validated as the quote draft validates its lines; the same product with the
// same options adds to its quantity. Field errors are keyed by item (`items.<n>.sku`, `items.<n>.options.<id>`).
// Nothing is changed when anything fails. A junior buyer's list returns to draft.

export type { ShoppingListItemInput } from '../../../lib/graphqlTypes.generated';

export const SHOPPING_LISTS_ITEMS_CREATE = graphqlOperation<ShoppingListsItemsCreateMutation, ShoppingListsItemsCreateMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    shoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_ITEMS_CREATE = graphqlOperation<
  CustomerShoppingListsItemsCreateMutation,
  CustomerShoppingListsItemsCreateMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsItemsCreate($shoppingListId: Int!, $items: [ShoppingListItemInput!]!) {
    customerShoppingListsItemsCreate(shoppingListId: $shoppingListId, items: $items) {
      message
      shoppingList { id name status }
    }
  }
`);
