import { queryOptions, useQuery } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type { StoreBasicInfoFieldsFragment, StoreBasicInfoQuery, StoreBasicInfoQueryVariables } from '../graphqlTypes.generated';

// The store's identity and channels: read at start-up (shell §4) and by any screen showing the store.

/** The selection of `storeBasicInfo`, shared with the start-up's single request (app/startup/portalStartup.ts). */
export const STORE_BASIC_INFO_FIELDS = /* GraphQL */ `
  fragment StoreBasicInfoFields on StoreBasicInfo {
    storeName
    storeHash
    storeLogo
    storeAddress
    defaultLanguage
    defaultCurrency
    multiStorefrontEnabled
    quantityLimit
    storeSites {
      channelId
      channelName
      urls
      iconUrl
      channelLogo
      isEnabled
      b2bEnabled
      b3ChannelId
      type
      platform
      translationVersion
    }
  }
`;

export const STORE_BASIC_INFO = graphqlOperation<StoreBasicInfoQuery, StoreBasicInfoQueryVariables>(/* GraphQL */ `
  query StoreBasicInfo {
    storeBasicInfo {
      ...StoreBasicInfoFields
    }
  }
  ${STORE_BASIC_INFO_FIELDS}
`);

export type StoreBasicInfo = StoreBasicInfoFieldsFragment;
export type StoreSite = StoreBasicInfo['storeSites'][number];

/** The query cache's key of the store's basic info (start-up puts it there before any screen renders). */
export const STORE_BASIC_INFO_KEY = ['storeBasicInfo'] as const;

export function storeBasicInfoQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: STORE_BASIC_INFO_KEY,
    queryFn: ({ signal }) => client.request(STORE_BASIC_INFO, {}, { signal }).then((data) => data.storeBasicInfo),
    // Store settings change rarely; reopening the portal reuses them instead of showing the mask again.
    staleTime: 5 * 60 * 1000,
  });
}

export function useStoreBasicInfo() {
  return useQuery(storeBasicInfoQueryOptions(useGraphQLClient()));
}

/** shell §1: the portal shows only when multi-storefront is off or the page's channel has B2B enabled. */
export function isStoreEnabled(info: Pick<StoreBasicInfo, 'multiStorefrontEnabled' | 'storeSites'>, channelId: number): boolean {
  if (!info.multiStorefrontEnabled) return true;
  return info.storeSites.some((site) => site.channelId === channelId && site.b2bEnabled);
}
