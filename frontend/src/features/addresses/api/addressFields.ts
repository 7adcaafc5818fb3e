import type { AddressBookFieldsFragment } from '../../../lib/graphqlTypes.generated';
import { SAVED_ADDRESS_FIELDS } from '../../../lib/savedAddressFields';

// An address of the book as the page shows and edits it (docs/api.md "Address book"); every address operation of
// the page selects these fields, so the cache holds one shape.

export const ADDRESS_BOOK_FIELDS = /* GraphQL */ `
  fragment AddressBookFields on Address {
    ...SavedAddressFields
    stateName
    isShipping
    isBilling
    isDefaultShipping
    isDefaultBilling
    extraFields {
      fieldName
      fieldValue
    }
    createdBy {
      id
      name
    }
    companyId
    unitName
    isInherited
    inheritedFrom
  }
  ${SAVED_ADDRESS_FIELDS}
`;

/**
 * `postalLines`: the address as its country's post writes it; `createdBy`: null when that account is gone;
 * `unitName`: the unit whose book holds it (issue 40; `companyName` is the address's own company line);
 * `isInherited`: shared by a unit above the caller's (`inheritedFrom` names it), read-only here.
 */
export type BookAddress = AddressBookFieldsFragment;
