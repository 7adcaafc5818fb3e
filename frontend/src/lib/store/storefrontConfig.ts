import { queryOptions, useQuery } from '@tanstack/react-query';

import { graphqlOperation, jsonObject, type GraphQLClient } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type {
  StoreFeatureFlagsFieldsFragment,
  StorefrontConfigEntryFieldsFragment,
  StorefrontConfigQuery,
  StorefrontConfigQueryVariables,
  StorefrontConfigsQuery,
  StorefrontConfigsQueryVariables,
} from '../graphqlTypes.generated';
import { usePortalConfig } from '../PortalConfigProvider';

// shell §3/§4: the server's feature flags (`storefrontConfig`) and the channel's config entries
// (`storefrontConfigs`: quote switches, sign-in page settings, placements…). Both are read at start-up.

export type StoreFeatureFlags = StoreFeatureFlagsFieldsFragment;

/** A config entry as `storefrontConfigs` sends it. */
export type ConfigEntryAsSent = StorefrontConfigEntryFieldsFragment;

/** A config entry: `value` '1' means on (shell §3); `extraFields` (JSON) as an object, {} when there is none. */
export type StorefrontConfigEntry = Omit<ConfigEntryAsSent, 'extraFields'> & { extraFields: Record<string, unknown> };

/** Config entries by key. */
export type StorefrontConfigs = Readonly<Record<string, StorefrontConfigEntry>>;

// The selections, shared with the start-up's single request (app/startup/portalStartup.ts).
export const STORE_FEATURE_FLAGS_FIELDS = /* GraphQL */ `
  fragment StoreFeatureFlagsFields on StoreFeatureFlags {
    accountSettings
    addressBook
    buyAgain
    dashboard
    invoice
    messages
    orders
    quickOrderPad
    quotes
    shoppingLists
    tradeProfessionalApplication
    userManagement
    wishLists
  }
`;

export const STOREFRONT_CONFIG_ENTRY_FIELDS = /* GraphQL */ `
  fragment StorefrontConfigEntryFields on StorefrontConfigEntry {
    key
    value
    extraFields
  }
`;

export const STOREFRONT_CONFIG = graphqlOperation<StorefrontConfigQuery, StorefrontConfigQueryVariables>(/* GraphQL */ `
  query StorefrontConfig {
    storefrontConfig {
      ...StoreFeatureFlagsFields
    }
  }
  ${STORE_FEATURE_FLAGS_FIELDS}
`);

export const STOREFRONT_CONFIGS = graphqlOperation<StorefrontConfigsQuery, StorefrontConfigsQueryVariables>(/* GraphQL */ `
  query StorefrontConfigs($channelId: Int!) {
    storefrontConfigs(channelId: $channelId) {
      ...StorefrontConfigEntryFields
    }
  }
  ${STOREFRONT_CONFIG_ENTRY_FIELDS}
`);

// Store settings change rarely; a reopening within this time reuses them instead of showing the mask again.
const STORE_SETTINGS_STALE_MS = 5 * 60 * 1000;

export function storefrontConfigQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: ['storefrontConfig'] as const,
    queryFn: ({ signal }) => client.request(STOREFRONT_CONFIG, {}, { signal }).then((data) => data.storefrontConfig),
    staleTime: STORE_SETTINGS_STALE_MS,
  });
}

export function toConfigMap(entries: readonly ConfigEntryAsSent[]): StorefrontConfigs {
  const map: Record<string, StorefrontConfigEntry> = {};
  for (const entry of entries) {
    map[entry.key] = { ...entry, extraFields: jsonObject(entry.extraFields) };
  }
  return map;
}

export function storefrontConfigsQueryOptions(client: GraphQLClient, channelId: number) {
  return queryOptions({
    queryKey: ['storefrontConfigs', channelId] as const,
    queryFn: ({ signal }) =>
      client.request(STOREFRONT_CONFIGS, { channelId }, { signal }).then((data) => toConfigMap(data.storefrontConfigs)),
    staleTime: STORE_SETTINGS_STALE_MS,
  });
}

/** shell §3: a config switch is on when its value is '1'. */
export function isConfigOn(configs: StorefrontConfigs | undefined, key: string): boolean {
  return configs?.[key]?.value === '1';
}

/** A text field of a config entry's extraFields, or '' when it is missing or not text. */
export function configText(configs: StorefrontConfigs | undefined, key: string, field: string): string {
  const value = configs?.[key]?.extraFields[field];
  return typeof value === 'string' ? value : '';
}

export function useStoreFeatureFlags() {
  return useQuery(storefrontConfigQueryOptions(useGraphQLClient()));
}

export function useStorefrontConfigs() {
  const { channelId } = usePortalConfig();
  return useQuery(storefrontConfigsQueryOptions(useGraphQLClient(), channelId));
}
