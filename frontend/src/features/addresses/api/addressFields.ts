import type { AddressBookFieldsFragment } from '../../../lib/graphqlTypes.generated';

// An address of the book as the page shows and edits it (docs/api.md "Address book"); every address operation of
// the page selects these fields, so the cache holds one shape.

export const ADDRESS_BOOK_FIELDS = /* GraphQL */ `
  fragment AddressBookFields on Address {
    id
    label
    firstName
    lastName
    companyName
    country
    countryName
    state
    stateName
    addressLine1
    addressLine2
    city
    zipCode
    phoneNumber
    isShipping
    isBilling
    isDefaultShipping
    isDefaultBilling
    extraFields {
      fieldName
      fieldValue
    }
    postalLines
    createdBy {
      id
      name
    }
  }
`;

/** `postalLines`: the address as its country's post writes it; `createdBy`: null when that account is gone. */
export type BookAddress = AddressBookFieldsFragment;
