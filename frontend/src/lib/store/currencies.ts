import { queryOptions, useQuery } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type { CurrenciesQuery, CurrenciesQueryVariables, CurrencyFieldsFragment } from '../graphqlTypes.generated';
import { usePortalConfig } from '../PortalConfigProvider';

// shell §3 currency: loaded at start-up for the price displays of later screens.

/** What formatting an amount needs of a currency (portal/money.py's CurrencyFormat). */
export interface CurrencyFormat {
  token: string;
  tokenLocation: 'left' | 'right' | string;
  decimalToken: string;
  thousandsToken: string;
  decimalPlaces: number;
}

/** A store currency as `currencies` sends it; it carries a CurrencyFormat. */
export type Currency = CurrencyFieldsFragment;

/** The selection of `currencies`, shared with the start-up's single request (app/startup/portalStartup.ts). */
export const CURRENCY_FIELDS = /* GraphQL */ `
  fragment CurrencyFields on CurrencyType {
    id
    name
    isDefault
    enabled
    isTransactional
    currencyCode
    currencyExchangeRate
    token
    tokenLocation
    decimalToken
    thousandsToken
    decimalPlaces
  }
`;

export const CURRENCIES = graphqlOperation<CurrenciesQuery, CurrenciesQueryVariables>(/* GraphQL */ `
  query Currencies($channelId: Int!) {
    currencies(channelId: $channelId) {
      ...CurrencyFields
    }
  }
  ${CURRENCY_FIELDS}
`);

export function currenciesQueryOptions(client: GraphQLClient, channelId: number) {
  return queryOptions({
    queryKey: ['currencies', channelId] as const,
    queryFn: ({ signal }) => client.request(CURRENCIES, { channelId }, { signal }).then((data) => data.currencies),
    staleTime: 5 * 60 * 1000,
  });
}

/** The store's currencies once loaded (prefetched at start-up), else undefined. */
export function useCurrencies(): Currency[] | undefined {
  const { channelId } = usePortalConfig();
  return useQuery(currenciesQueryOptions(useGraphQLClient(), channelId)).data;
}

/** The format of a currency code among the store's currencies; null while they load or for a code not listed. */
export function currencyFormatOf(currencies: readonly Currency[] | undefined, currencyCode: string): CurrencyFormat | null {
  const code = currencyCode.toUpperCase();
  return currencies?.find((currency) => currency.currencyCode.toUpperCase() === code) ?? null;
}

/** The format of a currency code from the store's currencies (see currencyFormatOf). */
export function useCurrencyFormat(currencyCode: string): CurrencyFormat | null {
  return currencyFormatOf(useCurrencies(), currencyCode);
}
