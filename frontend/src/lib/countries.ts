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

/** The region of a language tag (`en-GB` → GB); with `likely`, a bare language's most likely one too (`de` → DE). */
function regionOf(tag: string, likely: boolean): string | null {
  try {
    const locale = new Intl.Locale(tag);
    return locale.region ?? (likely ? (locale.maximize().region ?? null) : null);
  } catch {
    return null;
  }
}

/**
 * The country a new address starts on (issue 36 item 14: never none of 250): the store's only one; else the region the browser's languages
 * name (`en-GB`), else the store's home market (the first country of its tax zones, by priority), else the
 * likeliest region of the browser's language (`de` → Germany); only a country of the store's list, else ''.
 */
export function preferredCountry(
  countries: readonly Country[] | undefined,
  { languages, zoneCountries }: { languages: readonly string[]; zoneCountries: readonly string[] },
): string {
  if (!countries?.length) return '';
  if (countries.length === 1) return countries[0]!.countryCode; // a store with a single country needs no choice
  const known = new Set(countries.map((country) => country.countryCode));
  const candidates = [
    ...languages.map((tag) => regionOf(tag, false)),
    ...zoneCountries,
    ...languages.map((tag) => regionOf(tag, true)),
  ];
  return candidates.find((code): code is string => code !== null && known.has(code)) ?? '';
}
