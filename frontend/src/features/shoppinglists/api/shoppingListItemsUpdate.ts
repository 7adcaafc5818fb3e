import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListsItemsUpdateMutation,
  CustomerShoppingListsItemsUpdateMutationVariables,
  ShoppingListsItemsUpdateMutation,
  ShoppingListsItemsUpdateMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Change a product's quantity, variant, options or note (update_shopping_list_item); a field left out stays. One
// that becomes equal to another product of the list is merged into it. A junior buyer's list returns to draft.

export type { ShoppingListItemUpdateInput } from '../../../lib/graphqlTypes.generated';

export const SHOPPING_LISTS_ITEMS_UPDATE = graphqlOperation<ShoppingListsItemsUpdateMutation, ShoppingListsItemsUpdateMutationVariables>(/* GraphQL */ `
  mutation ShoppingListsItemsUpdate($shoppingListId: Int!, $itemId: Int!, $itemData: ShoppingListItemUpdateInput!) {
    shoppingListsItemsUpdate(shoppingListId: $shoppingListId, itemId: $itemId, itemData: $itemData) {
      shoppingList { id status }
    }
  }
`);

export const CUSTOMER_SHOPPING_LISTS_ITEMS_UPDATE = graphqlOperation<
  CustomerShoppingListsItemsUpdateMutation,
  CustomerShoppingListsItemsUpdateMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListsItemsUpdate($shoppingListId: Int!, $itemId: Int!, $itemData: ShoppingListItemUpdateInput!) {
    customerShoppingListsItemsUpdate(shoppingListId: $shoppingListId, itemId: $itemId, itemData: $itemData) {
      shoppingList { id status }
    }
  }
`);
