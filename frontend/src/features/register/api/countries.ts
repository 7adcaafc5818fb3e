import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';

// shell §3 country with its states; shell §7 countries. Guest-allowed.

export interface CountryState {
  stateName: string;
  stateCode: string;
}

export interface Country {
  id: number;
  countryName: string;
  countryCode: string;
  states: CountryState[];
}

export const COUNTRIES = graphqlOperation<{ countries: Country[] }>(`
  query Countries {
    countries {
      id
      countryName
      countryCode
      states {
        stateName
        stateCode
      }
    }
  }
`);

export function useCountries(enabled = true) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['countries'] as const,
    queryFn: ({ signal }) => client.request(COUNTRIES, {}, { signal }).then((data) => data.countries),
    staleTime: Infinity,
    enabled,
  });
}
