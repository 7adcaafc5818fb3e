// Issue 22: the channel's storefront type (storeBasicInfo.storeSites[].platform, set by staff or the store's admin
// tool through PUT /api/v2/store-configs/channel-storefront-type). On the built-in shop ('native') the overlay uses
// the cart API at /graphql and reads the shop's cart page; on any other storefront ('other') the cart calls go
// through the server's proxy, POST /api/v2/proxy/graphql, which runs only the catalog, price and cart operations a
// storefront needs under the same rules. Start-up sets it once the store's sites are known; until then (and on a
// channel the store does not list) the channel counts as native, today's behaviour. React-free (lib/graphql.ts).

export type StorefrontPlatform = 'native' | 'other';

export interface StorefrontSite {
  channelId: number;
  platform: string;
}

export interface CartProxyTarget {
  storeHash: string;
  channelId: number;
}

let state: { platform: StorefrontPlatform; storeHash: string; channelId: number } = { platform: 'native', storeHash: '', channelId: 0 };

/** The page channel's storefront type among the store's sites; anything but 'other' is the built-in shop. */
export function platformOf(sites: readonly StorefrontSite[], channelId: number): StorefrontPlatform {
  return sites.find((site) => site.channelId === channelId)?.platform === 'other' ? 'other' : 'native';
}

export function setStorefrontPlatform(platform: StorefrontPlatform, target: CartProxyTarget): void {
  state = { platform, ...target };
}

export function storefrontPlatform(): StorefrontPlatform {
  return state.platform;
}

/** Where cart operations go through the proxy: the store and channel it names without a bearer token; else null. */
export function cartProxyTarget(): CartProxyTarget | null {
  return state.platform === 'other' ? { storeHash: state.storeHash, channelId: state.channelId } : null;
}
