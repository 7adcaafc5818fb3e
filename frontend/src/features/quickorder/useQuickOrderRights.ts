import { findRoute, routeAccess } from '../../app/access';
import { useAccessState } from '../../app/useAccess';
import { ROLE, canPurchase, hasPermission, isCompanyRole } from '../../lib/permissions';
import { ROUTE_PATHS, type RoutePath } from '../../lib/routePaths';

export interface QuickOrderRights {
  /** The caller may put products into the cart (purchase_enable; a junior buyer while the store lets juniors order:
   * the server decides); not while their company is pending with ordering blocked. */
  cart: boolean;
  /** Why the cart is out of reach: the company is pending (shell §8 tip). */
  orderingBlocked: boolean;
  /** The caller may add to their quote draft (the draft's page lets them in: quotes on, create_quote). */
  quote: boolean;
  /** The caller keeps shopping lists and may add products to them. */
  list: boolean;
  /** Whose lists: a company's (its users, a masquerading super admin) or an individual customer's own. */
  listKind: 'company' | 'customer';
}

const NONE: QuickOrderRights = { cart: false, orderingBlocked: false, quote: false, list: false, listKind: 'customer' };

/** What the caller may do with the products of quick order, by the shell's own gates (shell §2, §6). */
export function useQuickOrderRights(): QuickOrderRights {
  const access = useAccessState();
  if (access.status !== 'ready' || !access.customer) return NONE;
  const { context, customer } = access;
  const opens = (path: RoutePath) => {
    const route = findRoute(path);
    return route !== null && routeAccess(route, context) === 'allowed';
  };
  const company = isCompanyRole(context.role);
  const orderingBlocked = customer.accountStatus?.orderCreationBlocked === true;
  return {
    cart: !orderingBlocked && (canPurchase(customer) || context.role === ROLE.juniorBuyer),
    orderingBlocked,
    quote: opens(ROUTE_PATHS.quoteDraft),
    list: opens(ROUTE_PATHS.shoppingLists) && (!company || hasPermission(customer.permissions, 'create_shopping_list_item')),
    listKind: company ? 'company' : 'customer',
  };
}
