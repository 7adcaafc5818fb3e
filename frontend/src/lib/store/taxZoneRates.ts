import { queryOptions } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';
import type { TaxZoneFieldsFragment, TaxZoneRatesQuery, TaxZoneRatesQueryVariables } from '../graphqlTypes.generated';

// shell §3 tax zone rates: loaded at start-up for the price displays of later screens.

/** The selection of `taxZoneRates`, shared with the start-up's single request (app/startup/portalStartup.ts). */
export const TAX_ZONE_FIELDS = /* GraphQL */ `
  fragment TaxZoneFields on TaxZoneType {
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
`;

export const TAX_ZONE_RATES = graphqlOperation<TaxZoneRatesQuery, TaxZoneRatesQueryVariables>(/* GraphQL */ `
  query TaxZoneRates {
    taxZoneRates {
      ...TaxZoneFields
    }
  }
  ${TAX_ZONE_FIELDS}
`);

export type TaxZone = TaxZoneFieldsFragment;

export function taxZoneRatesQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: ['taxZoneRates'] as const,
    queryFn: ({ signal }) => client.request(TAX_ZONE_RATES, {}, { signal }).then((data) => data.taxZoneRates),
    staleTime: 5 * 60 * 1000,
  });
}
