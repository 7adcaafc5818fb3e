import { ROLE, effectiveRole, permissionLevel } from '../../lib/permissions';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import type { BookAddress } from './api/addressFields';

// What the page offers the caller (api.md "Address book" Permissions; shell §6 "Address actions"). The server is the
// authority; the page only hides what it would refuse.

export interface AddressRights {
  /** An individual customer's own book, rather than a company's. */
  ownBook: boolean;
  create: boolean;
  /** Whether the add dialog may make the new address a default. */
  createDefaults: boolean;
  /** Whether the caller may make an address the book's default (and change the flags in the edit dialog). */
  changeDefaults: boolean;
  edit(address: BookAddress): boolean;
  remove(address: BookAddress): boolean;
  /** Whether "Set as default" is offered on an address. */
  setDefault(address: BookAddress): boolean;
}

const NONE: AddressRights = {
  ownBook: false,
  create: false,
  createDefaults: false,
  changeDefaults: false,
  edit: () => false,
  remove: () => false,
  setDefault: () => false,
};

/**
 * At level 2 a code reaches the company's whole book, at level 1 the addresses the user added; an individual's own
 * book is all theirs. The defaults are the company's choice: in a company, changing them needs the code at level 2
 * (deleting a default address too). An address a unit above shares with the caller's (issue 40: inherited) is changed in
 * its own unit only: the server refuses every change to it here.
 */
export function addressRights(customer: CustomerInfo | undefined): AddressRights {
  if (!customer) return NONE;
  const ownBook = effectiveRole(customer) === ROLE.individual;
  const level = (code: string) => permissionLevel(customer.permissions, code);
  const manages = (code: string) => (ownBook ? level(code) >= 1 : level(code) >= 2);
  const reaches = (code: string, address: BookAddress) =>
    manages(code) || (level(code) >= 1 && address.createdBy !== null && address.createdBy.id === customer.userInfo.id);
  const isDefault = (address: BookAddress) => address.isDefaultShipping || address.isDefaultBilling;
  return {
    ownBook,
    create: level('create_address') >= 1,
    createDefaults: manages('create_address'),
    changeDefaults: manages('update_address'),
    edit: (address) => !address.isInherited && reaches('update_address', address),
    remove: (address) => !address.isInherited && reaches('delete_address', address) && (!isDefault(address) || manages('delete_address')),
    setDefault: (address) => !address.isInherited && manages('update_address'),
  };
}
