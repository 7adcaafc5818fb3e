import type { SavedAddressFieldsFragment } from './graphqlTypes.generated';

// A saved address (api.md "Address book") as far as its postal fields go: what the quote draft's picker takes over,
// and the part of the address book's own selection that both share.

export const SAVED_ADDRESS_FIELDS = /* GraphQL */ `
  fragment SavedAddressFields on Address {
    id
    label
    firstName
    lastName
    companyName
    country
    countryName
    state
    addressLine1
    addressLine2
    city
    zipCode
    phoneNumber
    postalLines
  }
`;

/** `postalLines`: the address as its country's post writes it. */
export type SavedAddress = SavedAddressFieldsFragment;
