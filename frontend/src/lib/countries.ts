import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from './graphql';
import { useGraphQLClient } from './GraphQLClientProvider';
import type { CountriesQuery, CountriesQueryVariables } from './graphqlTypes.generated';

// shell §3 country with its states; shell §7 countries. Guest-allowed.

export const COUNTRIES = graphqlOperation<CountriesQuery, CountriesQueryVariables>(/* GraphQL */ `
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

export type Country = CountriesQuery['countries'][number];
export type CountryState = Country['states'][number];

/** The states of the country with this code; none for an unknown code or a country without a list. */
export function statesOf(countries: readonly Country[] | undefined, countryCode: string): readonly CountryState[] {
  return countries?.find((country) => country.countryCode === countryCode)?.states ?? [];
}

/**
 * The store's countries, loaded once. `quiet`: a failure shows no toast (the caller falls back to typing the
 * country).
 */
export function useCountries(enabled = true, { quiet = false }: { quiet?: boolean } = {}) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['countries'] as const,
    queryFn: ({ signal }) => client.request(COUNTRIES, {}, { signal, suppressErrorToast: quiet }).then((data) => data.countries),
    staleTime: Infinity,
    enabled,
  });
}
