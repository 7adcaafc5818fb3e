import { matchPath } from 'react-router';

import { ROLE, hasPermission, isCompanyRole, type RoleCode } from '../lib/permissions';
import { ROUTE_PATHS, loginPath, type RoutePath } from '../lib/routePaths';
import type { SessionEndReason } from '../lib/session';
import type { StoreFeatureFlags, StorefrontConfigs } from '../lib/store/storefrontConfig';
import type { Permission } from '../lib/user/customerInfo';
import { ROUTE_TABLE, type PortalRoute } from './routeTable';

// The shell's gate (shell §2 routes and redirects, §6 menu rules) as pure functions of the route table.

export interface AccessContext {
  role: RoleCode;
  permissions: readonly Permission[];
  features: StoreFeatureFlags;
  configs: StorefrontConfigs;
}

/** allowed; signInRequired (a guest on a protected page); denied (signed in, but not for this user). */
export type RouteAccess = 'allowed' | 'signInRequired' | 'denied';

export function findRoute(pathname: string, table: readonly PortalRoute[] = ROUTE_TABLE): PortalRoute | null {
  return table.find((route) => matchPath({ path: route.path, end: true }, pathname) !== null) ?? null;
}

function roleAllowed(route: PortalRoute, role: RoleCode): boolean {
  if (route.roles.includes(role)) return true;
  // A custom role is a company role gated by its permissions: allowed wherever admins or senior buyers are.
  return role === ROLE.custom && (route.roles.includes(ROLE.admin) || route.roles.includes(ROLE.seniorBuyer));
}

/** shell §6: company users need the route's permission codes; so do individual customers, whose fixed set the
 * server reports too. The guest and the super admin who is not masquerading hold no permissions. */
function permissionsApply(role: RoleCode): boolean {
  return isCompanyRole(role) || role === ROLE.individual;
}

/** Why a route does not let a user in: its role codes (shell §2), the store's switches or the user's codes (§6). */
export type Denial = 'role' | 'switchedOff' | 'permission';

function denialOf(route: PortalRoute, context: AccessContext): Denial | null {
  const { role } = context;
  if (!roleAllowed(route, role)) return 'role';
  if (route.switchedOn && !route.switchedOn({ role, features: context.features, configs: context.configs })) return 'switchedOff';
  const holdsCodes = route.permissions.every(({ code, minLevel }) => hasPermission(context.permissions, code, minLevel));
  if (permissionsApply(role) && !route.openWithoutPermissions.includes(role) && !holdsCodes) return 'permission';
  return null;
}

/** Whether the route lets this user in, whether or not its page exists yet. */
export function routeAccess(route: PortalRoute, context: AccessContext): RouteAccess {
  // shell §2: guests trying protected pages go to the sign-in page.
  if (context.role === ROLE.guest && (!(route.public || route.guestAllowed) || !roleAllowed(route, context.role))) return 'signInRequired';
  return denialOf(route, context) === null ? 'allowed' : 'denied';
}

/** Whether this user can open the page at `path`: it exists and lets them in (links to it are worth showing). */
export function routeOpens(path: RoutePath, context: AccessContext, table: readonly PortalRoute[] = ROUTE_TABLE): boolean {
  const route = findRoute(path, table);
  return route !== null && route.hasPage && routeAccess(route, context) === 'allowed';
}

// shell §2 default landing: /orders, else /shoppingLists, else /accountSettings as permissions allow; the super
// admin goes to /dashboard. A junior buyer (no orders) thus lands on shopping lists or settings.
const LANDING_ORDER: readonly RoutePath[] = [ROUTE_PATHS.orders, ROUTE_PATHS.shoppingLists, ROUTE_PATHS.accountSettings];
const SUPER_ADMIN_LANDING_ORDER: readonly RoutePath[] = [ROUTE_PATHS.dashboard, ROUTE_PATHS.accountSettings];

/** Where this user starts: the first page of the landing order that exists and lets them in. Guests sign in;
 * a user no page lets in gets the blank landing (the portal closes). */
export function landingPath(context: AccessContext, table: readonly PortalRoute[] = ROUTE_TABLE): RoutePath {
  if (context.role === ROLE.guest) return ROUTE_PATHS.login;
  const order = context.role === ROLE.superAdmin ? SUPER_ADMIN_LANDING_ORDER : LANDING_ORDER;
  return order.find((path) => routeOpens(path, context, table)) ?? ROUTE_PATHS.landing;
}

// shell §2 login flag 7: the invoice pages (and the public payment link) are a company's; roles 4, 99 and 100 — the
// super admin who is not masquerading, the individual customer and the guest — who open one are asked to sign in with
// a company account.
const INVOICE_LINKS: readonly RoutePath[] = [ROUTE_PATHS.invoice, ROUTE_PATHS.multiInvoice, ROUTE_PATHS.invoiceDetail, ROUTE_PATHS.payment];
const ROLES_WITHOUT_INVOICES: readonly RoleCode[] = [ROLE.superAdmin, ROLE.individual, ROLE.guest];

/** Whether opening this route is "an invoice link opened by role 4, 99 or 100" (shell §2 login flag 7). */
export function isInvoiceLinkWithoutCompany(route: Pick<PortalRoute, 'path'> | null, role: RoleCode): boolean {
  return route !== null && INVOICE_LINKS.includes(route.path) && ROLES_WITHOUT_INVOICES.includes(role);
}

/** The sign-in page a guest is sent to from a protected page, by how the last session ended (shell §2, §8). */
export function signInPathFor(endReason: SessionEndReason): string {
  if (endReason === 'lost') return loginPath(6);
  return loginPath(3, { showTip: endReason !== 'expired' });
}

/**
 * Why the gate sent the user elsewhere, said on arrival (issue 36: no silent redirect). `signInRequired` is the sign-in
 * page's own notice, for a guest who never signed in (shell §2 flag 3 says "signed out" otherwise); the others are
 * told on the page the signed-in user lands on (`page.redirect.*`).
 */
export type RedirectNotice =
  | 'signInRequired'
  | 'notFound'
  | 'switchedOff'
  | 'notForAccount'
  | 'companyOnly'
  | 'needsMasquerade'
  | 'invoicesCompanyOnly'
  | 'invoicesNeedMasquerade';

export type RouteDecision = { kind: 'render'; route: PortalRoute } | { kind: 'redirect'; to: string; notice?: RedirectNotice };

// A signed-in user sent away from the sign-in or registration page needs no reason: they are signed in already.
const ACCOUNT_ENTRY_PAGES: readonly RoutePath[] = [ROUTE_PATHS.login, ROUTE_PATHS.register];

/** What a signed-in user is told when a route they opened does not let them in. */
function deniedNotice(route: PortalRoute, denial: Denial, role: RoleCode): RedirectNotice | undefined {
  if (ACCOUNT_ENTRY_PAGES.includes(route.path)) return undefined;
  if (denial === 'switchedOff') return 'switchedOff';
  // shell §2 login flag 7's roles: a super admin acting for no company, an individual customer. They keep their
  // session (issue 36); the notice says where invoices are.
  if (isInvoiceLinkWithoutCompany(route, role)) return role === ROLE.superAdmin ? 'invoicesNeedMasquerade' : 'invoicesCompanyOnly';
  if (role === ROLE.superAdmin) return 'needsMasquerade';
  if (role === ROLE.individual) return 'companyOnly';
  return 'notForAccount';
}

function redirect(to: string, notice: RedirectNotice | undefined): RouteDecision {
  return notice ? { kind: 'redirect', to, notice } : { kind: 'redirect', to };
}

/**
 * What opening `pathname` does: render its page, or redirect — guests on protected pages to sign-in; unknown
 * routes, routes this user may not open and routes whose page does not exist yet to the landing page, with the
 * reason. A route a signed-in user may not open never ends their session (issue 36).
 */
export function decideRoute(
  pathname: string,
  context: AccessContext,
  endReason: SessionEndReason = 'none',
  table: readonly PortalRoute[] = ROUTE_TABLE,
): RouteDecision {
  const route = findRoute(pathname, table);
  if (!route || !route.hasPage) return redirect(landingPath(context, table), 'notFound');
  if (routeAccess(route, context) === 'signInRequired') {
    // shell §2: a guest opening an invoice page signs in with a company account (flag 7).
    if (isInvoiceLinkWithoutCompany(route, context.role)) return redirect(loginPath(7), undefined);
    return redirect(signInPathFor(endReason), endReason === 'none' ? 'signInRequired' : undefined);
  }
  const denial = denialOf(route, context);
  if (denial) return redirect(landingPath(context, table), deniedNotice(route, denial, context.role));
  return { kind: 'render', route };
}

/** shell §6: the menu entries this user sees — menu routes they may open whose pages exist, in table order. */
export function menuRoutes(context: AccessContext, table: readonly PortalRoute[] = ROUTE_TABLE): PortalRoute[] {
  if (context.role === ROLE.guest) return [];
  return table.filter((route) => route.menu !== null && route.hasPage && routeAccess(route, context) === 'allowed');
}
