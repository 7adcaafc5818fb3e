import { useMutation, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  AddressCreateMutation,
  AddressCreateMutationVariables,
  AddressDefaultKind,
  AddressDeleteMutation,
  AddressDeleteMutationVariables,
  AddressInput,
  AddressSetDefaultMutation,
  AddressSetDefaultMutationVariables,
  AddressUpdateMutation,
  AddressUpdateMutationVariables,
} from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';
import { ADDRESS_BOOK_FIELDS } from './addressFields';

export type { AddressDefaultKind, AddressInput };

export const ADDRESS_CREATE = graphqlOperation<AddressCreateMutation, AddressCreateMutationVariables>(/* GraphQL */ `
  mutation AddressCreate($addressData: AddressInput!) {
    addressCreate(addressData: $addressData) {
      address {
        ...AddressBookFields
      }
    }
  }
  ${ADDRESS_BOOK_FIELDS}
`);

export const ADDRESS_UPDATE = graphqlOperation<AddressUpdateMutation, AddressUpdateMutationVariables>(/* GraphQL */ `
  mutation AddressUpdate($id: Int!, $addressData: AddressInput!) {
    addressUpdate(id: $id, addressData: $addressData) {
      address {
        ...AddressBookFields
      }
    }
  }
  ${ADDRESS_BOOK_FIELDS}
`);

export const ADDRESS_DELETE = graphqlOperation<AddressDeleteMutation, AddressDeleteMutationVariables>(/* GraphQL */ `
  mutation AddressDelete($id: Int!) {
    addressDelete(id: $id) {
      id
    }
  }
`);

export const ADDRESS_SET_DEFAULT = graphqlOperation<AddressSetDefaultMutation, AddressSetDefaultMutationVariables>(/* GraphQL */ `
  mutation AddressSetDefault($id: Int!, $kind: AddressDefaultKind!) {
    addressSetDefault(id: $id, kind: $kind) {
      address {
        ...AddressBookFields
      }
    }
  }
  ${ADDRESS_BOOK_FIELDS}
`);

/**
 * The book's writes. Each one changes what other addresses show (a new default takes the badge from the previous
 * one; a page loses or gains a row), so every cached page is fetched again afterwards, as are the "choose from saved"
 * pickers and defaults of other screens (the user's address queries). Errors are the caller's to show (field
 * messages in the dialog, refusals as toasts).
 */
export function useAddressMutations() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ predicate: (query) => isAddressQuery(query.queryKey) });
  const options = { suppressErrorToast: true } as const;
  return {
    create: useMutation({
      mutationFn: (addressData: AddressInput) => client.request(ADDRESS_CREATE, { addressData }, options).then((data) => data.addressCreate.address),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, addressData }: { id: number; addressData: AddressInput }) =>
        client.request(ADDRESS_UPDATE, { id, addressData }, options).then((data) => data.addressUpdate.address),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => client.request(ADDRESS_DELETE, { id }, options).then((data) => data.addressDelete.id),
      onSuccess: refresh,
    }),
    setDefault: useMutation({
      mutationFn: ({ id, kind }: { id: number; kind: AddressDefaultKind }) =>
        client.request(ADDRESS_SET_DEFAULT, { id, kind }, options).then((data) => data.addressSetDefault.address),
      onSuccess: refresh,
    }),
  };
}

/** The book's pages and the other screens' address queries (the quote draft's picker): `[user, '…address…', …]`. */
function isAddressQuery(queryKey: readonly unknown[]): boolean {
  return queryKey[0] === USER_QUERY_SCOPE && typeof queryKey[1] === 'string' && queryKey[1].toLowerCase().includes('address');
}
