import type { GraphQLClient } from './graphql';
import { graphqlOperation } from './graphql';
import type { DeleteCartMutation, DeleteCartMutationVariables } from './graphqlTypes.generated';

// The storefront's cart as the portal can see it: its id travels in an HTTP-only cookie (docs/decisions.md,
// issue 4), so the portal reads the storefront's own cart page (shell §9 /cart.php) — its lines and the cart id
// it renders — and deletes the cart with the cart API (shell §7 "delete a cart by entity id").

export const CART_PATH = '/cart.php';

export interface StorefrontCartState {
  lineCount: number;
  /** The cart's entity id, when the page names it. */
  cartId: string | null;
}

export const DELETE_CART = graphqlOperation<DeleteCartMutation, DeleteCartMutationVariables>(/* GraphQL */ `
  mutation DeleteCart($deleteCartInput: DeleteCartInput!) {
    deleteCart(deleteCartInput: $deleteCartInput) {
      deletedCartEntityId
    }
  }
`);

/** Reads the cart page of the storefront this page belongs to; null when it cannot be read. */
export async function readStorefrontCart(origin: string = window.location.origin, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<StorefrontCartState | null> {
  try {
    const response = await fetchImpl(new URL(CART_PATH, origin).toString(), { credentials: 'same-origin', headers: { Accept: 'text/html' } });
    if (!response.ok) return null;
    const html = await response.text();
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const lineCount = doc.querySelectorAll('[data-line-id]').length;
    const cartId = doc.querySelector('[data-cart-id]')?.getAttribute('data-cart-id') || null;
    return { lineCount, cartId };
  } catch {
    return null;
  }
}

/** Deletes the cart the page named; a cart already gone is fine. */
export async function emptyStorefrontCart(client: GraphQLClient, cart: StorefrontCartState | null): Promise<void> {
  if (!cart?.cartId) return;
  await client.request(DELETE_CART, { deleteCartInput: { cartEntityId: cart.cartId } }, { suppressErrorToast: true }).catch(() => undefined);
}
