import type { QueryClient } from '@tanstack/react-query';

import type { PortalConfig } from '../../lib/config';
import type { GraphQLClient } from '../../lib/graphql';
import { browserLanguages, resolveLanguage, type Language } from '../../lib/i18n/languages';
import { isStoreEnabled, storeBasicInfoQueryOptions, type StoreBasicInfo } from '../../lib/store/storeBasicInfo';

export interface StartupResult {
  enabled: boolean;
  language: Language;
  store: StoreBasicInfo;
}

export interface StartupContext {
  queryClient: QueryClient;
  client: GraphQLClient;
  config: PortalConfig;
  languages?: readonly string[];
}

/**
 * shell §4 start-up. The start-up queries are independent of each other, so they run in parallel (one
 * Promise.all): the store's basic info now; tax zones, storefront config, quote configs and permissions join
 * this list as their features arrive. Results go into the query cache, where the screens read them.
 */
export async function runStartup({ queryClient, client, config, languages = browserLanguages() }: StartupContext): Promise<StartupResult> {
  const [store] = await Promise.all([queryClient.fetchQuery(storeBasicInfoQueryOptions(client))]);
  return {
    enabled: isStoreEnabled(store, config.channelId),
    language: resolveLanguage({ browserLanguages: languages, storeDefaultLanguage: store.defaultLanguage }),
    store,
  };
}
