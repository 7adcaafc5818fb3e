import { createGraphQLClient } from './graphql';
import { mockGraphQL } from '../test/graphqlMock';
import { emptyStorefrontCart, PROXY_CART_STORAGE_KEY, readStorefrontCart, rememberProxyCart } from './storefrontCart';
import { setStorefrontPlatform } from './storefrontPlatform';

// The storefront's cart: the built-in shop's cart page, or (issue 22) on another platform the cart the overlay made
// through the proxy.

afterEach(() => setStorefrontPlatform('native', { storeHash: '', channelId: 0 }));

const client = () => createGraphQLClient({ apiOrigin: 'https://api.helix.test', onError: vi.fn(), onSessionExpired: vi.fn() });

test('on the built-in shop the cart page names the cart and its lines', async () => {
  const page = '<div class="cart-actions" data-cart-id="c-9"></div><ul><li data-line-id="1"></li><li data-line-id="2"></li></ul>';
  const fetchImpl = vi.fn(async () => new Response(page, { status: 200 }));

  await expect(readStorefrontCart('https://shop.helix.test', fetchImpl)).resolves.toEqual({ lineCount: 2, cartId: 'c-9' });
  expect(fetchImpl).toHaveBeenCalledWith('https://shop.helix.test/cart.php', expect.anything());
  rememberProxyCart('c-1'); // not on the built-in shop: it names its own
  expect(window.sessionStorage.getItem(PROXY_CART_STORAGE_KEY)).toBeNull();
});

test('on another platform the overlay’s own proxied cart is the one, without reading any page; emptying forgets it', async () => {
  setStorefrontPlatform('other', { storeHash: 'helix01', channelId: 1 });
  const fetchImpl = vi.fn();
  const server = mockGraphQL({ DeleteCart: { data: { deleteCart: { deletedCartEntityId: 'c-1' } } } });

  await expect(readStorefrontCart('https://shop.other.test', fetchImpl)).resolves.toEqual({ lineCount: 0, cartId: null });
  rememberProxyCart('c-1');
  const cart = await readStorefrontCart('https://shop.other.test', fetchImpl);
  expect(cart).toEqual({ lineCount: 0, cartId: 'c-1' });
  await emptyStorefrontCart(client(), cart);

  expect(fetchImpl).not.toHaveBeenCalled();
  expect(server.calls[0]!.url).toBe('https://api.helix.test/api/v2/proxy/graphql');
  expect(server.calls[0]!.variables).toEqual({ deleteCartInput: { cartEntityId: 'c-1' } });
  expect(window.sessionStorage.getItem(PROXY_CART_STORAGE_KEY)).toBeNull();
});
