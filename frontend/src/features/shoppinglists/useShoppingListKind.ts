import { effectiveRole, isCompanyRole, ROLE } from '../../lib/permissions';
import { useCustomerInfo, type CustomerInfo } from '../../lib/user/customerInfo';
import type { ShoppingListKind } from './api/shoppingListFields';

/** Whose lists the caller keeps: a company's (company roles, a masquerading super admin) or their own. */
export function shoppingListKindOf(customer: CustomerInfo): ShoppingListKind {
  return isCompanyRole(effectiveRole(customer)) ? 'company' : 'customer';
}

/** The company whose lists the caller works in (a masquerading super admin: the one they act as), else null. */
export function listCompanyOf(customer: CustomerInfo | undefined): { id: number; companyName: string } | null {
  if (!customer || shoppingListKindOf(customer) !== 'company') return null;
  return customer.companyInfo ?? (customer.masquerade ? { id: customer.masquerade.id, companyName: customer.masquerade.companyName } : null);
}

/** The signed-in caller's kind of lists; null until they are known. */
export function useShoppingListKind(): { kind: ShoppingListKind | null; customer: CustomerInfo | undefined; juniorBuyer: boolean } {
  const customer = useCustomerInfo().data;
  return {
    kind: customer ? shoppingListKindOf(customer) : null,
    customer,
    juniorBuyer: customer ? effectiveRole(customer) === ROLE.juniorBuyer : false,
  };
}
