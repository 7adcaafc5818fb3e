import { queryOptions } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';

// shell §3 tax zone rates: loaded at start-up for the price displays of later screens.

export interface TaxZone {
  id: string;
  name: string;
  enabled: boolean;
  priority: number;
  showInclusive: boolean;
  countryCodes: string[];
  rates: { id: string; name: string; enabled: boolean; priority: number; classRates: { rate: string; taxClassId: number }[] }[];
}

export const TAX_ZONE_RATES = graphqlOperation<{ taxZoneRates: TaxZone[] }>(`
  query TaxZoneRates {
    taxZoneRates {
      id
      name
      enabled
      priority
      showInclusive
      countryCodes
      rates {
        id
        name
        enabled
        priority
        classRates {
          rate
          taxClassId
        }
      }
    }
  }
`);

export function taxZoneRatesQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: ['taxZoneRates'] as const,
    queryFn: ({ signal }) => client.request(TAX_ZONE_RATES, {}, { signal }).then((data) => data.taxZoneRates),
    staleTime: 5 * 60 * 1000,
  });
}
