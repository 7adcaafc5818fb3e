import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { AddressesQuery, AddressesQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { ADDRESS_BOOK_FIELDS, type BookAddress } from './addressFields';

// api.md "Address book": addresses(first, offset, search, country, state, city, isShipping, isBilling, orderBy,
// companyId) — orderBy is required; texts at most 100 characters; first at most 100; companyId (issue 40) narrows a
// book that spans the units below the caller's to one unit's.

export const ADDRESS_ORDER_FIELDS = ['label', 'firstName', 'lastName', 'companyName', 'country', 'state', 'city', 'zipCode', 'createdAt', 'updatedAt'] as const;
export type AddressOrderField = (typeof ADDRESS_ORDER_FIELDS)[number];
export type AddressOrderBy = AddressOrderField | `-${AddressOrderField}`;

/** The server refuses longer search and filter texts. */
export const MAX_ADDRESS_FILTER_LENGTH = 100;

/** The list page's parameters (its URL state), sent as the query's variables; null does not filter. */
export interface AddressesVariables {
  first: number;
  offset: number;
  search: string | null;
  country: string | null;
  state: string | null;
  city: string | null;
  isShipping: boolean | null;
  isBilling: boolean | null;
  orderBy: AddressOrderBy;
  /** Issue 40: one unit of a book that spans units; null: all of them (or a book that spans none). */
  companyId: number | null;
}

export interface AddressesPage {
  totalCount: number;
  addresses: BookAddress[];
}

export const ADDRESSES = graphqlOperation<AddressesQuery, AddressesQueryVariables>(/* GraphQL */ `
  query Addresses(
    $first: Int!
    $offset: Int!
    $search: String
    $country: String
    $state: String
    $city: String
    $isShipping: Boolean
    $isBilling: Boolean
    $orderBy: String!
    $companyId: Int
  ) {
    addresses(
      first: $first
      offset: $offset
      search: $search
      country: $country
      state: $state
      city: $city
      isShipping: $isShipping
      isBilling: $isBilling
      orderBy: $orderBy
      companyId: $companyId
    ) {
      totalCount
      edges {
        node {
          ...AddressBookFields
        }
      }
    }
  }
  ${ADDRESS_BOOK_FIELDS}
`);

/** Every cached page of the address book (the user's data: dropped when the user changes). */
export const ADDRESSES_QUERY_KEY = [USER_QUERY_SCOPE, 'addresses'] as const;

/** One page of the caller's address book; the page shown stays while the next one loads. */
export function useAddresses(variables: AddressesVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...ADDRESSES_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<AddressesPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { addresses } = await client.request(ADDRESSES, variables, { signal, suppressErrorToast: true });
      return { totalCount: addresses.totalCount, addresses: addresses.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
