// The storefront's quote buttons (issue 6): what the loader asks the server before drawing them. React-free and
// small: the loader imports it, so it ends up in the script every storefront page loads.
import type { PortalConfig } from '../lib/config';
import { readDraftKey } from '../lib/quoteDraftKey';
import { B2B_TOKEN_STORAGE_KEY, readSessionValue } from '../lib/storage';

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

/**
 * One GraphQL request with the caller's token (signed-in users) or nothing (guests). A token the server refuses
 * (40101) belongs to a session that has ended: the request is asked again as the guest the shopper now is, so that
 * what they add lands in a guest draft whose key they keep (claimed when they sign in again). The token itself is
 * left for the portal, whose start-up turns it into "your session has expired" (shell §8).
 */
export async function storefrontGraphQL<T>(config: PortalConfig, query: string, variables: Record<string, unknown>): Promise<GraphQLAnswer<T>> {
  const send = async (token: string | null): Promise<GraphQLAnswer<T>> => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const response = await fetch(`${config.apiOrigin.replace(/\/+$/, '')}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
    return (await response.json()) as GraphQLAnswer<T>;
  };
  const token = readSessionValue(B2B_TOKEN_STORAGE_KEY);
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
