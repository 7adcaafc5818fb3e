import { queryOptions } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';

// shell §3 currency: loaded at start-up for the price displays of later screens.

export interface Currency {
  id: string;
  name: string;
  isDefault: boolean;
  enabled: boolean;
  isTransactional: boolean;
  currencyCode: string;
  currencyExchangeRate: string;
  token: string;
  tokenLocation: 'left' | 'right' | string;
  decimalToken: string;
  thousandsToken: string;
  decimalPlaces: number;
}

export const CURRENCIES = graphqlOperation<{ currencies: Currency[] }, { channelId: number }>(`
  query Currencies($channelId: Int!) {
    currencies(channelId: $channelId) {
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
  }
`);

export function currenciesQueryOptions(client: GraphQLClient, channelId: number) {
  return queryOptions({
    queryKey: ['currencies', channelId] as const,
    queryFn: ({ signal }) => client.request(CURRENCIES, { channelId }, { signal }).then((data) => data.currencies),
    staleTime: 5 * 60 * 1000,
  });
}
