import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  QuoteDefaultBillingAddressQuery,
  QuoteDefaultBillingAddressQueryVariables,
  QuoteDefaultShippingAddressQuery,
  QuoteDefaultShippingAddressQueryVariables,
  QuoteSavedAddressesQuery,
  QuoteSavedAddressesQueryVariables,
} from '../../../lib/graphqlTypes.generated';
import { SAVED_ADDRESS_FIELDS, type SavedAddress } from '../../../lib/savedAddressFields';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// "Choose from saved" on the draft's shipping and billing blocks (api.md "Address book": the picker asks
// addresses(first, search, isShipping | isBilling, orderBy: "label") and offers the book's default first).

export type { SavedAddress } from '../../../lib/savedAddressFields';
export type SavedAddressKind = 'shipping' | 'billing';

/** How many matches the picker lists. */
export const SAVED_ADDRESS_PICKER_SIZE = 10;
/** The server refuses longer searches. */
export const MAX_SAVED_ADDRESS_SEARCH = 100;

export const QUOTE_SAVED_ADDRESSES = graphqlOperation<QuoteSavedAddressesQuery, QuoteSavedAddressesQueryVariables>(/* GraphQL */ `
  query QuoteSavedAddresses($first: Int!, $search: String, $isShipping: Boolean, $isBilling: Boolean) {
    addresses(first: $first, search: $search, isShipping: $isShipping, isBilling: $isBilling, orderBy: "label") {
      edges {
        node {
          ...SavedAddressFields
        }
      }
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`);

export const QUOTE_DEFAULT_SHIPPING_ADDRESS = graphqlOperation<QuoteDefaultShippingAddressQuery, QuoteDefaultShippingAddressQueryVariables>(/* GraphQL */ `
  query QuoteDefaultShippingAddress {
    defaultShippingAddress {
      ...SavedAddressFields
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`);

export const QUOTE_DEFAULT_BILLING_ADDRESS = graphqlOperation<QuoteDefaultBillingAddressQuery, QuoteDefaultBillingAddressQueryVariables>(/* GraphQL */ `
  query QuoteDefaultBillingAddress {
    defaultBillingAddress {
      ...SavedAddressFields
    }
  }
  ${SAVED_ADDRESS_FIELDS}
`);

/** The saved addresses of one kind matching the search (the user's data; the book's page refreshes them). */
export function useSavedAddresses(kind: SavedAddressKind, search: string, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'quoteSavedAddresses', kind, search] as const,
    queryFn: ({ signal }): Promise<SavedAddress[]> =>
      client
        .request(
          QUOTE_SAVED_ADDRESSES,
          {
            first: SAVED_ADDRESS_PICKER_SIZE,
            search: search || null,
            isShipping: kind === 'shipping' ? true : null,
            isBilling: kind === 'billing' ? true : null,
          },
          // The picker says so in place.
          { signal, suppressErrorToast: true },
        )
        .then((data) => data.addresses.edges.map((edge) => edge.node)),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The book's default address of the kind, or null. */
export function useDefaultSavedAddress(kind: SavedAddressKind, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'quoteDefaultAddress', kind] as const,
    queryFn: ({ signal }): Promise<SavedAddress | null> =>
      kind === 'shipping'
        ? client.request(QUOTE_DEFAULT_SHIPPING_ADDRESS, {}, { signal, suppressErrorToast: true }).then((data) => data.defaultShippingAddress ?? null)
        : client.request(QUOTE_DEFAULT_BILLING_ADDRESS, {}, { signal, suppressErrorToast: true }).then((data) => data.defaultBillingAddress ?? null),
    enabled,
  });
}
