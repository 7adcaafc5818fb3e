import type { GraphQLClient, GraphQLOperation } from './graphql';
import { graphqlOperation } from './graphql';
import type { DeleteCartMutation, DeleteCartMutationVariables } from './graphqlTypes.generated';
import { readSessionValue, writeSessionValue } from './storage';
import { storefrontPlatform } from './storefrontPlatform';

// The storefront's cart as the portal can see it: its id travels in an HTTP-only cookie (docs/decisions.md,
// issue 4), so the portal reads the storefront's own cart page (shell §9 /cart.php) — its lines and the cart id
// it renders — and deletes the cart with the cart API (shell §7 "delete a cart by entity id").

//
// Issue 22: on a channel whose storefront is not the built-in shop (lib/storefrontPlatform.ts) there is no cart page
// to read; the cart operations go through the server's proxy, and the cart the overlay made there is remembered in
// the tab (sf-proxyCartId) so that the next lines go into it.

export const CART_PATH = '/cart.php';
export const PROXY_CART_STORAGE_KEY = 'sf-proxyCartId';

/** Marks a cart operation: through the proxy on a storefront other than the built-in shop (lib/graphql.ts). */
export function cartOperation<TData, TVariables>(operation: GraphQLOperation<TData, TVariables>): GraphQLOperation<TData, TVariables> {
  return { ...operation, storefrontCart: true };
}

/** The cart a proxied storefront's lines went into (other platforms only; the built-in shop names its own). */
export function rememberProxyCart(cartId: string | null): void {
  if (storefrontPlatform() === 'other') writeSessionValue(PROXY_CART_STORAGE_KEY, cartId);
}

export interface StorefrontCartState {
  lineCount: number;
  /** The cart's entity id, when the page names it. */
  cartId: string | null;
}

export const DELETE_CART = cartOperation(graphqlOperation<DeleteCartMutation, DeleteCartMutationVariables>(/* GraphQL */ `
  mutation DeleteCart($deleteCartInput: DeleteCartInput!) {
    deleteCart(deleteCartInput: $deleteCartInput) {
      deletedCartEntityId
    }
  }
`));

/** Reads the cart page of the storefront this page belongs to; null when it cannot be read. */
export async function readStorefrontCart(origin: string = window.location.origin, fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)): Promise<StorefrontCartState | null> {
  // Another platform's cart page is its own: the overlay knows only the cart it made through the proxy (its lines
  // are not counted).
  if (storefrontPlatform() === 'other') return { lineCount: 0, cartId: readSessionValue(PROXY_CART_STORAGE_KEY) };
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
  rememberProxyCart(null);
}
