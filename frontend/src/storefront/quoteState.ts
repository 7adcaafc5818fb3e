// The storefront's quote buttons (issue 6): what the loader asks the server before drawing them. React-free and
// small: the loader imports it, so it ends up in the script every storefront page loads.
import { fetchCustomerJwt } from '../lib/auth/storefrontSession';
import type { PortalConfig } from '../lib/config';
import { readDraftKey } from '../lib/quoteDraftKey';
import { B2B_TOKEN_STORAGE_KEY, readSessionValue, writeSessionValue } from '../lib/storage';
import { storefrontTokenHeaders } from '../lib/storefrontTokenHeader';
import { isPortalHash } from '../loader/hash';
import { pageRenderedFor } from '../loader/signInState';

export interface PlacementConfig {
  on: boolean;
  extraFields: Record<string, unknown>;
}

export interface StorefrontQuoteState {
  enabled: boolean;
  onProductPage: boolean;
  onCartPage: boolean;
  floatingButton: boolean;
  productQuotable: boolean | null;
  draftLineCount: number;
  configs: Record<string, PlacementConfig>;
}

const STATE_QUERY = `query StorefrontQuoteState($channelId: Int!, $productId: Int, $draftKey: String) {
  quoteEnabled(channelId: $channelId, productId: $productId) { enabled onProductPage onCartPage floatingButton productQuotable }
  storefrontConfigs(channelId: $channelId) { key value extraFields }
  quoteDraft(draftKey: $draftKey) { products { id } }
}`;

type GraphQLAnswer<T> = { data?: T; errors?: { message: string; extensions?: { code?: string | number } }[] };

/** shell §8: the server no longer accepts the token (expired, revoked). */
const SESSION_EXPIRED = '40101';

async function post<T>(config: PortalConfig, query: string, variables: Record<string, unknown>, token: string | null): Promise<GraphQLAnswer<T>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', ...storefrontTokenHeaders() };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${config.apiOrigin.replace(/\/+$/, '')}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as GraphQLAnswer<T>;
}

const AUTHORIZATION = `mutation StorefrontAuthorization($authData: AuthorizationInput!) {
  authorization(authData: $authData) { result { token } }
}`;

let takingOver: Promise<string | null> | null = null;

/** The customer signed in on the storefront, exchanged for a B2B token kept in this tab (ARCHITECTURE §8). */
async function takeOverStorefrontSession(config: PortalConfig): Promise<string | null> {
  // A page the storefront rendered for a guest has nobody to take over: no request at all.
  if (pageRenderedFor(document) === 'guest') return null;
  try {
    const jwt = await fetchCustomerJwt({ apiOrigin: config.apiOrigin, appClientId: config.appClientId, channelId: config.channelId });
    if (!jwt) return null;
    const body = await post<{ authorization: { result: { token: string } } }>(config, AUTHORIZATION, { authData: { bcToken: jwt, channelId: config.channelId } }, null);
    const token = body.data?.authorization.result.token ?? null;
    // The portal may have signed someone in meanwhile: its token stands.
    if (token && readSessionValue(B2B_TOKEN_STORAGE_KEY) === null) writeSessionValue(B2B_TOKEN_STORAGE_KEY, token);
    return readSessionValue(B2B_TOKEN_STORAGE_KEY) ?? token;
  } catch {
    return null; // as a guest, like the portal's start-up when the hand-over fails
  }
}

/**
 * The token the storefront's buttons act with. The tab keeps it in session storage, which a second tab or a
 * restarted browser starts without, while the storefront's own session — a cookie, and the cart with it — is
 * shared by every tab and kept: a tab without a token would act as a guest beside a signed-in customer's cart
 * (issue 13). So it takes over the customer signed in on the storefront, as the portal's start-up does; not while
 * the portal is open, whose start-up is doing just that. A token the server refused is not replaced here (see
 * storefrontGraphQL).
 */
export async function storefrontToken(config: PortalConfig): Promise<string | null> {
  const token = readSessionValue(B2B_TOKEN_STORAGE_KEY);
  if (token !== null || isPortalHash(window.location.hash)) return token;
  takingOver ??= takeOverStorefrontSession(config).finally(() => {
    takingOver = null;
  });
  return takingOver;
}

/**
 * One GraphQL request with the caller's token (signed-in users, see storefrontToken) or nothing (guests). A token
 * the server refuses (40101) belongs to a session that has ended: the request is asked again as the guest the
 * shopper now is, so that what they add lands in a guest draft whose key they keep (claimed when they sign in
 * again). The token itself is left for the portal, whose start-up turns it into "your session has expired"
 * (shell §8).
 */
export async function storefrontGraphQL<T>(config: PortalConfig, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
  const send = (token: string | null) => post<T>(config, query, variables, token);
  const token = await storefrontToken(config);
  const body = await send(token);
  if (!token || !body.errors?.some((error) => String(error.extensions?.code) === SESSION_EXPIRED)) return body;
  return send(null);
}

interface StateAnswer {
  quoteEnabled: Omit<StorefrontQuoteState, 'draftLineCount' | 'configs'>;
  storefrontConfigs: { key: string; value: string; extraFields: Record<string, unknown> | null }[];
  quoteDraft: { products: { id: number }[] };
}

/** The quote switches for this user and page, the placements and how many lines the draft holds; null on failure. */
export async function readQuoteState(config: PortalConfig, productId: number | null): Promise<StorefrontQuoteState | null> {
  try {
    const body = await storefrontGraphQL<StateAnswer>(config, STATE_QUERY, {
      channelId: config.channelId,
      productId,
      draftKey: readDraftKey(), // ignored while signed in; counts on a guest retry (storefrontGraphQL)
    });
    if (!body.data) return null;
    const configs: Record<string, PlacementConfig> = {};
    for (const entry of body.data.storefrontConfigs) configs[entry.key] = { on: entry.value === '1', extraFields: entry.extraFields ?? {} };
    return { ...body.data.quoteEnabled, draftLineCount: body.data.quoteDraft.products.length, configs };
  } catch {
    return null;
  }
}
