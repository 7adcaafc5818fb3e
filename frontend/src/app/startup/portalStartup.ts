import type { QueryClient } from '@tanstack/react-query';

import { GraphQLRequestError, NETWORK_ERROR_CODE, graphqlOperation, type GraphQLClient } from '../../lib/graphql';
import type { PortalStartupQuery, PortalStartupQueryVariables } from '../../lib/graphqlTypes.generated';
import { CURRENCY_FIELDS, currenciesQueryOptions } from '../../lib/store/currencies';
import { STORE_BASIC_INFO_FIELDS, storeBasicInfoQueryOptions, type StoreBasicInfo } from '../../lib/store/storeBasicInfo';
import {
  STORE_FEATURE_FLAGS_FIELDS,
  STOREFRONT_CONFIG_ENTRY_FIELDS,
  storefrontConfigQueryOptions,
  storefrontConfigsQueryOptions,
  toConfigMap,
} from '../../lib/store/storefrontConfig';
import { TAX_ZONE_FIELDS, taxZoneRatesQueryOptions } from '../../lib/store/taxZoneRates';
import { CUSTOMER_INFO_FIELDS, customerInfoQueryOptions, type CustomerInfo } from '../../lib/user/customerInfo';

// Issue 21 "one round trip to start": what start-up reads (shell §4) in a single request. The store-wide part is the
// same for everyone (the server answers it from its cache); the customer comes through `startupCustomerInfo`, which is
// customerInfo but nullable, so that an expired session (40101 at the path `customerInfo`) leaves the store's part
// answered. The selections are the ones of the six documents a screen uses (lib/store, lib/user), so what this request
// puts into the query cache has the shape those screens read.

export const PORTAL_STARTUP = graphqlOperation<PortalStartupQuery, PortalStartupQueryVariables>(/* GraphQL */ `
  query PortalStartup($channelId: Int!, $withStore: Boolean!, $withCustomer: Boolean!) {
    storeBasicInfo @include(if: $withStore) {
      ...StoreBasicInfoFields
    }
    storefrontConfig @include(if: $withStore) {
      ...StoreFeatureFlagsFields
    }
    storefrontConfigs(channelId: $channelId) @include(if: $withStore) {
      ...StorefrontConfigEntryFields
    }
    currencies(channelId: $channelId) @include(if: $withStore) {
      ...CurrencyFields
    }
    taxZoneRates @include(if: $withStore) {
      ...TaxZoneFields
    }
    customerInfo: startupCustomerInfo @include(if: $withCustomer) {
      ...CustomerInfoFields
    }
  }
  ${STORE_BASIC_INFO_FIELDS}
  ${STORE_FEATURE_FLAGS_FIELDS}
  ${STOREFRONT_CONFIG_ENTRY_FIELDS}
  ${CURRENCY_FIELDS}
  ${TAX_ZONE_FIELDS}
  ${CUSTOMER_INFO_FIELDS}
`);

/** The customer's part of the answer: its response key (the alias of startupCustomerInfo). */
const CUSTOMER_KEY = 'customerInfo';

export interface PortalStartupLoad {
  /** The store's basic info, once the store-wide part is in the query cache (its flags, configs, currencies and tax
   * zones with it); rejects with the error of the part that failed. */
  store: Promise<StoreBasicInfo>;
  /** With a token: the customer, also in the query cache; rejects with its error (40101: the session expired, the
   * token is already cleared). Null without a token. */
  customer: Promise<CustomerInfo> | null;
}

function isFresh(queryClient: QueryClient, options: { queryKey: readonly unknown[]; staleTime?: unknown }): boolean {
  const query = queryClient.getQueryCache().find({ queryKey: options.queryKey, exact: true });
  return query !== undefined && query.state.data !== undefined && !query.isStaleByTime(options.staleTime as number | undefined);
}

/**
 * Loads start-up's data in one request, `PortalStartup`, and puts each part into the query cache under the key of the
 * query a screen reads it with (storeBasicInfo, storefrontConfig, storefrontConfigs, currencies, taxZoneRates,
 * customerInfo). A part still fresh in the cache (a reopening within its stale time) is not asked again; when nothing
 * is missing no request is sent. Failures are reported as the client reports them (a toast; 40101 clears the token).
 */
export function loadPortalStartup(queryClient: QueryClient, client: GraphQLClient, options: { channelId: number; signedIn: boolean }): PortalStartupLoad {
  const { channelId, signedIn } = options;
  const storeQueries = {
    storeBasicInfo: storeBasicInfoQueryOptions(client),
    storefrontConfig: storefrontConfigQueryOptions(client),
    storefrontConfigs: storefrontConfigsQueryOptions(client, channelId),
    currencies: currenciesQueryOptions(client, channelId),
    taxZoneRates: taxZoneRatesQueryOptions(client),
  };
  const customerQuery = customerInfoQueryOptions(client);
  const withStore = !Object.values(storeQueries).every((query) => isFresh(queryClient, query));
  const withCustomer = signedIn && !isFresh(queryClient, customerQuery);

  const cachedStore = () => Promise.resolve(queryClient.getQueryData(storeQueries.storeBasicInfo.queryKey)!);
  const cachedCustomer = () => Promise.resolve(queryClient.getQueryData(customerQuery.queryKey)!);
  if (!withStore && !withCustomer) return { store: cachedStore(), customer: signedIn ? cachedCustomer() : null };

  const answer = client.requestPartial(PORTAL_STARTUP, { channelId, withStore, withCustomer }, { sessionExpired: 'reject' });
  // A part's error: its own field's, else (the whole answer nulled by another part) the first one.
  const failureOf = (errors: Readonly<Record<string, GraphQLRequestError>>, part: 'store' | 'customer'): GraphQLRequestError => {
    const keys = Object.keys(errors);
    const own = keys.find((key) => (key === CUSTOMER_KEY) === (part === 'customer'));
    const key = own ?? keys[0];
    return (key && errors[key]) || new GraphQLRequestError('Unexpected response', { code: NETWORK_ERROR_CODE });
  };

  const store = !withStore
    ? cachedStore()
    : answer.then(({ data, fieldErrors }) => {
        // A store-wide field is non-null: when one fails, GraphQL nulls the whole answer.
        if (!data?.storeBasicInfo || !data.storefrontConfig || !data.storefrontConfigs || !data.currencies || !data.taxZoneRates) {
          throw failureOf(fieldErrors, 'store');
        }
        queryClient.setQueryData(storeQueries.storefrontConfig.queryKey, data.storefrontConfig);
        queryClient.setQueryData(storeQueries.storefrontConfigs.queryKey, toConfigMap(data.storefrontConfigs));
        queryClient.setQueryData(storeQueries.currencies.queryKey, data.currencies);
        queryClient.setQueryData(storeQueries.taxZoneRates.queryKey, data.taxZoneRates);
        return queryClient.setQueryData(storeQueries.storeBasicInfo.queryKey, data.storeBasicInfo)!;
      });

  const customer = !signedIn
    ? null
    : !withCustomer
      ? cachedCustomer()
      : answer.then(({ data, fieldErrors }) => {
          const value = data?.customerInfo;
          if (!value) throw failureOf(fieldErrors, 'customer');
          return queryClient.setQueryData(customerQuery.queryKey, value)!;
        });
  return { store, customer };
}
