import { graphqlOperation } from '../../../lib/graphql';
import { cartOperation } from '../../../lib/storefrontCart';
import type {
  QuickOrderAddCartLineItemsMutation,
  QuickOrderAddCartLineItemsMutationVariables,
  QuickOrderCreateCartMutation,
  QuickOrderCreateCartMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// shell §7 platform cart: createCart (a new cart of the caller, which the storefront's cart page then shows) and
// addCartLineItems (into the cart the storefront's page names). Each call takes at most 100 lines and adds all of
// them or none (the first refusal, VALIDATION_ERROR with its field, leaves the cart as it was).

export type { CartLineItemInput } from '../../../lib/graphqlTypes.generated';

/** The server's cap on one call. */
export const MAX_CART_LINES_PER_CALL = 100;

// cartOperation: through the proxy on a storefront other than the built-in shop (issue 22, lib/storefrontCart.ts).
export const QUICK_ORDER_CREATE_CART = cartOperation(graphqlOperation<QuickOrderCreateCartMutation, QuickOrderCreateCartMutationVariables>(/* GraphQL */ `
  mutation QuickOrderCreateCart($createCartInput: CreateCartInput!) {
    createCart(createCartInput: $createCartInput) { entityId }
  }
`));

export const QUICK_ORDER_ADD_CART_LINE_ITEMS = cartOperation(graphqlOperation<QuickOrderAddCartLineItemsMutation, QuickOrderAddCartLineItemsMutationVariables>(/* GraphQL */ `
  mutation QuickOrderAddCartLineItems($addCartLineItemsInput: AddCartLineItemsInput!) {
    addCartLineItems(addCartLineItemsInput: $addCartLineItemsInput) { entityId }
  }
`));
