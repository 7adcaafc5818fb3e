import { graphqlOperation } from '../../../lib/graphql';
import type {
  CustomerShoppingListAddToCartMutation,
  CustomerShoppingListAddToCartMutationVariables,
  ShoppingListAddToCartMutation,
  ShoppingListAddToCartMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// Add selected to cart: the chosen items into the caller's own storefront cart (/cart.php) at today's prices, each
// tried on its own by business §4's stock check; the answer says which went in and why the others did not (`code`,
// translated as an order's reorder codes are: components/transferReport).

const CART_TRANSFER_FIELDS = /* GraphQL */ `
  fragment ShoppingListCartTransferFields on ShoppingListCartTransfer {
    cartEntityId
    added { itemId sku name quantity code reason }
    notAdded { itemId sku name quantity code reason }
  }
`;

export const SHOPPING_LIST_ADD_TO_CART = graphqlOperation<ShoppingListAddToCartMutation, ShoppingListAddToCartMutationVariables>(/* GraphQL */ `
  mutation ShoppingListAddToCart($id: Int!, $itemIds: [Int!]) {
    shoppingListAddToCart(id: $id, itemIds: $itemIds) {
      ...ShoppingListCartTransferFields
    }
  }
  ${CART_TRANSFER_FIELDS}
`);

export const CUSTOMER_SHOPPING_LIST_ADD_TO_CART = graphqlOperation<
  CustomerShoppingListAddToCartMutation,
  CustomerShoppingListAddToCartMutationVariables
>(/* GraphQL */ `
  mutation CustomerShoppingListAddToCart($id: Int!, $itemIds: [Int!]) {
    customerShoppingListAddToCart(id: $id, itemIds: $itemIds) {
      ...ShoppingListCartTransferFields
    }
  }
  ${CART_TRANSFER_FIELDS}
`);

export type ShoppingListCartTransfer = ShoppingListAddToCartMutation['shoppingListAddToCart'];
