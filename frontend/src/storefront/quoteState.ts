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

/** One GraphQL request with the caller's token (signed-in users) or nothing (guests). */
export async function storefrontGraphQL<T>(config: PortalConfig, query: string, variables: Record<string, unknown>): Promise<{ data?: T; errors?: { message: string; extensions?: { code?: string } }[] }> {
  const token = readSessionValue(B2B_TOKEN_STORAGE_KEY);
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${config.apiOrigin.replace(/\/+$/, '')}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: T };
}

interface StateAnswer {
  quoteEnabled: Omit<StorefrontQuoteState, 'draftLineCount' | 'configs'>;
  storefrontConfigs: { key: string; value: string; extraFields: Record<string, unknown> | null }[];
  quoteDraft: { products: { id: number }[] };
}

/** The quote switches for this user and page, the placements and how many lines the draft holds; null on failure. */
export async function readQuoteState(config: PortalConfig, productId: number | null): Promise<StorefrontQuoteState | null> {
  try {
    const signedIn = readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null;
    const body = await storefrontGraphQL<StateAnswer>(config, STATE_QUERY, {
      channelId: config.channelId,
      productId,
      draftKey: signedIn ? null : readDraftKey(),
    });
    if (!body.data) return null;
    const configs: Record<string, PlacementConfig> = {};
    for (const entry of body.data.storefrontConfigs) configs[entry.key] = { on: entry.value === '1', extraFields: entry.extraFields ?? {} };
    return { ...body.data.quoteEnabled, draftLineCount: body.data.quoteDraft.products.length, configs };
  } catch {
    return null;
  }
}
