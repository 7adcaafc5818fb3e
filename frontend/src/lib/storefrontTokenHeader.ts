// Issue 22 (contract item 2): a storefront that includes the loader with `data-storefront-token` — a token the
// supplier issued for its channel and its page's origins — names it on every request the overlay makes to the API
// (GraphQL, REST edges, translations, the storefront session edges) as `X-Storefront-Token`; the server refuses a
// request whose token is unknown, expired, revoked, or sent from an origin it does not allow. React-free: the
// loader, the storefront's buttons and the portal chunk share this one module (the portal imports it from the
// loader's chunk), so the token is set once, when the loader reads its script tag.

export const STOREFRONT_TOKEN_HEADER = 'X-Storefront-Token';

let current: { apiOrigin: string; token: string } | null = null;

function originOf(url: string): string | null {
  try {
    return new URL(url, window.location.href).origin;
  } catch {
    return null;
  }
}

/** Remembers the page's storefront token for requests to `apiOrigin`; none (no attribute) sends no header. */
export function setStorefrontToken(config: { apiOrigin: string; storefrontToken?: string | null }): void {
  const origin = originOf(config.apiOrigin);
  current = config.storefrontToken && origin ? { apiOrigin: origin, token: config.storefrontToken } : null;
}

/**
 * The header for a request to `url` (default: the API): only the API's origin gets it, never a file host or
 * another site (a PDF on a CDN would refuse the extra header in its CORS preflight, and the token is not theirs).
 */
export function storefrontTokenHeaders(url?: string): Record<string, string> {
  if (!current) return {};
  if (url !== undefined && originOf(url) !== current.apiOrigin) return {};
  return { [STOREFRONT_TOKEN_HEADER]: current.token };
}

/** `init` with the header added for a request to `url` (default: the API), unchanged when there is none to add. */
export function withStorefrontToken(init: RequestInit, url?: string): RequestInit {
  const headers = storefrontTokenHeaders(url);
  if (Object.keys(headers).length === 0) return init;
  return { ...init, headers: { ...(init.headers as Record<string, string> | undefined), ...headers } };
}
