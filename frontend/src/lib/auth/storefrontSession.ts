import { restRefusal, restRefusalExtensions } from '../restErrors';
import { storefrontTokenHeaders, withStorefrontToken } from '../storefrontTokenHeader';

// The storefront's own session (ARCHITECTURE §8): the overlay signs in on the storefront first, then exchanges
// the signed-in customer's JWT for a B2B token. These are the storefront's REST edges, not GraphQL.

/** Codes of a refused storefront sign-in (docs/api.md), plus the client's own for a failed request. */
export type StorefrontSignInCode =
  | 'INVALID_CREDENTIALS'
  | 'TOO_MANY_ATTEMPTS'
  | 'PASSWORD_RESET_REQUIRED'
  /** Issue 40: the account's company signs its people in with its identity provider only. */
  | 'SSO_REQUIRED'
  | 'NETWORK_ERROR'
  | 'UNEXPECTED_RESPONSE';

export class StorefrontSignInError extends Error {
  override readonly name = 'StorefrontSignInError';
  constructor(
    readonly code: StorefrontSignInCode | string,
    message: string,
    /** What the refusal adds beside its code (SSO_REQUIRED: `startUrl`, `providerName`; issue 40). */
    readonly extensions: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}

export interface StorefrontEndpoints {
  apiOrigin: string;
  fetch?: typeof fetch;
}

const CSRF_COOKIE = 'csrftoken';

function endpoint(apiOrigin: string, path: string): string {
  return `${apiOrigin.replace(/\/+$/, '')}${path}`;
}

function fetcher(options: StorefrontEndpoints): typeof fetch {
  return options.fetch ?? ((input, init) => globalThis.fetch(input, init));
}

export function readCookie(name: string, cookies: string = document.cookie): string | null {
  for (const part of cookies.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/**
 * The CSRF token the storefront's sign-in and sign-out POSTs need. On the storefront's own pages it is in their
 * cookie; elsewhere — a page that set none, or a storefront on another origin, which cannot read this site's
 * cookies — `GET /api/v2/csrf-token` answers it (and sets the cookie it pairs with).
 */
async function csrfToken(options: StorefrontEndpoints): Promise<string> {
  const sameOrigin = new URL(options.apiOrigin, window.location.href).origin === window.location.origin;
  const existing = sameOrigin ? readCookie(CSRF_COOKIE) : null;
  if (existing) return existing;
  try {
    const response = await fetcher(options)(endpoint(options.apiOrigin, '/api/v2/csrf-token'), {
      credentials: 'include',
      cache: 'no-store',
      headers: { Accept: 'application/json', ...storefrontTokenHeaders() },
    });
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'csrfToken' in body && typeof body.csrfToken === 'string') return body.csrfToken;
  } catch {
    // The POST that follows fails and says so.
  }
  return '';
}

function isSignedIn(value: unknown): value is { ok: true; customerId?: number } {
  return typeof value === 'object' && value !== null && 'ok' in value && value.ok === true;
}

/** Step (a): `POST /login/` signs the customer in on the storefront (Django session cookie). */
export async function storefrontSignIn(options: StorefrontEndpoints, email: string, password: string): Promise<{ customerId: number }> {
  const csrf = await csrfToken(options);
  let response: Response;
  let body: unknown;
  try {
    response = await fetcher(options)(endpoint(options.apiOrigin, '/login/'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': csrf, ...storefrontTokenHeaders() },
      body: new URLSearchParams({ email, password }).toString(),
    });
  } catch {
    throw new StorefrontSignInError('NETWORK_ERROR', 'The storefront could not be reached.');
  }
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (response.ok && isSignedIn(body)) return { customerId: Number(body.customerId) };
  // A refusal (docs/api.md "REST edges"): INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS, STAFF_ACCOUNT, SSO_REQUIRED, …
  const refusal = restRefusal(body);
  if (refusal?.code) throw new StorefrontSignInError(refusal.code, refusal.message, restRefusalExtensions(body));
  throw new StorefrontSignInError('UNEXPECTED_RESPONSE', `Unexpected sign-in response (HTTP ${response.status})`);
}

/**
 * Step (b): `GET /customer/current.jwt` — the signed-in customer's short-lived JWT, or null when no customer is
 * signed in on the storefront (204, or 401 from other storefronts). Any other failure rejects.
 */
export async function fetchCustomerJwt(
  options: StorefrontEndpoints & { appClientId: string; channelId: number; signal?: AbortSignal },
): Promise<string | null> {
  const search = new URLSearchParams({ app_client_id: options.appClientId, channel_id: String(options.channelId) });
  const response = await fetcher(options)(
    endpoint(options.apiOrigin, `/customer/current.jwt?${search}`),
    withStorefrontToken({ credentials: 'include', cache: 'no-store', signal: options.signal }),
  );
  // 204: nobody signed in (issue 13: a guest is not an error); 401 from storefronts that still say it that way.
  if (response.status === 204 || response.status === 401) return null;
  if (!response.ok) throw new Error(`customer JWT: HTTP ${response.status}`);
  const token = (await response.text()).trim();
  if (!token) throw new Error('customer JWT: empty response');
  return token;
}

/** `POST /logout/` ends the storefront session (cart, checkout). Never rejects: signing out goes on regardless. */
export async function storefrontSignOut(options: StorefrontEndpoints): Promise<boolean> {
  try {
    const csrf = await csrfToken(options);
    const response = await fetcher(options)(endpoint(options.apiOrigin, '/logout/'), {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-CSRFToken': csrf, ...storefrontTokenHeaders() },
    });
    return response.ok;
  } catch {
    return false;
  }
}
