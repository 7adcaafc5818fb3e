import type { MessageKey } from '../lib/i18n/keys';
import { ROLE, type RoleCode } from '../lib/permissions';
import { ROUTES_WITH_PAGES, ROUTE_PATHS, type RoutePath } from '../lib/routePaths';
import { isConfigOn, type StoreFeatureFlags, type StorefrontConfigs } from '../lib/store/storefrontConfig';
import type { appMessages } from './messages';

// shell §2 route tables and shell §6 menu rules, as data. The gate (access.ts) reads nothing else.

export interface PermissionRule {
  code: string;
  /** The lowest level that passes (shell §6: /company-orders needs get_orders above 1, i.e. 2). */
  minLevel: number;
}

export interface SwitchContext {
  role: RoleCode;
  features: StoreFeatureFlags;
  configs: StorefrontConfigs;
}

export interface PortalRoute {
  path: RoutePath;
  /** The menu label when the route is a menu entry (shell §2 "Menu" column). */
  menu: MessageKey<typeof appMessages> | null;
  /** shell §2 allowed role codes (ARCHITECTURE §8). The custom role 5 goes wherever 0 or 1 may. */
  roles: readonly RoleCode[];
  /** Codes a company user or an individual customer must hold, all of them (shell §6). */
  permissions: readonly PermissionRule[];
  /** Roles the route lets in without its codes: the page itself says what they can do there (issue 36). */
  openWithoutPermissions: readonly RoleCode[];
  /** The store's switches the route needs (shell §6 menu visibility); null when none. */
  switchedOn: ((context: SwitchContext) => boolean) | null;
  /** shell §2 session check: guest-allowed pages keep working without a customer. */
  guestAllowed: boolean;
  /** shell §2 public routes table. */
  public: boolean;
  /** Whether the screen exists yet; routes without one lead to the landing page. */
  hasPage: boolean;
  /** The set of store texts the page uses (shell §4: company-orders uses the orders set). */
  translationPage: string;
}

const { admin: A, seniorBuyer: S, juniorBuyer: J, superAdminMasquerading: M, superAdmin: SA, individual: I, guest: G } = ROLE;
const ALL_ROLES: readonly RoleCode[] = [A, S, J, M, SA, ROLE.custom, I, G];

const level = (code: string, minLevel = 1): PermissionRule => ({ code, minLevel });

/** shell §4/§6: guests, individuals and company users each have their own quote switch; the super admin who is
 * not masquerading has quotes off. */
export function quotesSwitchedOn({ role, features, configs }: SwitchContext): boolean {
  if (!features.quotes) return false;
  switch (role) {
    case G:
      return isConfigOn(configs, 'quote_for_guest');
    case I:
      return isConfigOn(configs, 'quote_for_individual_customer');
    case SA:
      return false;
    default:
      return isConfigOn(configs, 'quote_for_b2b');
  }
}

/** The quote draft and quote detail pages: shell §2 allows role 4 on both, so a super admin who is not masquerading
 * reaches them while the store has quotes (the draft page tells them quotes are built for a company; the detail is
 * read-only), though their menu has no quotes (issue 13). */
export function quotePagesSwitchedOn(context: SwitchContext): boolean {
  return context.role === SA ? context.features.quotes : quotesSwitchedOn(context);
}

/** shell §4: shopping lists follow the store's feature and, per kind of user, shopping_list_on_product_page's
 * enableForIndividual / enableForB2B (the server refuses the lists otherwise); a super admin who is not masquerading
 * has none. Without the entry the server's defaults apply: on for both. */
export function shoppingListsSwitchedOn({ role, features, configs }: SwitchContext): boolean {
  if (!features.shoppingLists || role === SA || role === G) return false;
  const entry = configs['shopping_list_on_product_page'];
  if (!entry) return true;
  const flag = entry.extraFields[role === I ? 'enableForIndividual' : 'enableForB2B'];
  return flag === undefined || String(flag) === '1';
}

type OptionalField = 'permissions' | 'openWithoutPermissions' | 'menu' | 'switchedOn' | 'guestAllowed' | 'public';
type RouteSpec = Omit<PortalRoute, 'hasPage' | OptionalField> & Partial<Pick<PortalRoute, OptionalField>>;

function route(spec: RouteSpec): PortalRoute {
  return {
    menu: null,
    permissions: [],
    openWithoutPermissions: [],
    switchedOn: null,
    guestAllowed: false,
    public: false,
    ...spec,
    hasPage: ROUTES_WITH_PAGES.includes(spec.path),
  };
}

const P = ROUTE_PATHS;

/** Every route of shell §2, in menu order (shell §2 logged-in routes table). */
export const ROUTE_TABLE: readonly PortalRoute[] = [
  // Public routes.
  route({ path: P.landing, roles: ALL_ROLES, public: true, translationPage: 'global' }),
  // Signed-in users have no business on the sign-in page: they go to their landing page.
  route({ path: P.login, roles: [G], public: true, guestAllowed: true, translationPage: 'login' }),
  route({ path: P.register, roles: [G], public: true, guestAllowed: true, translationPage: 'register' }),
  // shell §4 convert link: an individual customer converts the account to a business account.
  route({ path: P.registeredBcToB2b, roles: [I], public: true, translationPage: 'register' }),
  route({ path: P.forgotPassword, roles: ALL_ROLES, public: true, guestAllowed: true, translationPage: 'forgotpassword' }),
  route({ path: P.pdp, roles: ALL_ROLES, public: true, translationPage: 'pdp' }),
  route({ path: P.payment, roles: ALL_ROLES, public: true, translationPage: 'payment' }),

  // Signed-in routes.
  route({ path: P.dashboard, menu: 'menu.dashboard', roles: [M, SA], switchedOn: ({ features }) => features.dashboard, translationPage: 'dashboard' }),
  route({
    path: P.orders,
    menu: 'menu.orders',
    roles: [A, S, M, SA, I, G],
    permissions: [level('get_orders')],
    switchedOn: ({ features }) => features.orders,
    translationPage: 'orders',
  }),
  route({
    path: P.companyOrders,
    menu: 'menu.companyOrders',
    roles: [A, S, M],
    permissions: [level('get_orders', 2)],
    switchedOn: ({ features }) => features.orders,
    translationPage: 'orders',
  }),
  // Issue 41: every company user may have requests of their own, or be named an approver; the inbox badge is on the
  // menu entry (PortalMenu). The rules and budgets are the managers' (manage_approvals above 1: their unit and the
  // units below it), reached from the Approvals page. They come before the request's page, whose `:id` matches them.
  route({ path: P.approvals, menu: 'menu.approvals', roles: [A, S, J, M], translationPage: 'approvals' }),
  route({ path: P.approvalRules, roles: [A, S, M], permissions: [level('manage_approvals', 2)], translationPage: 'approvals' }),
  route({ path: P.budgets, roles: [A, S, M], permissions: [level('manage_approvals', 2)], translationPage: 'approvals' }),
  route({ path: P.approvalRequest, roles: [A, S, J, M], translationPage: 'approvals' }),
  route({
    path: P.invoice,
    roles: [A, S, M],
    permissions: [level('get_invoices')],
    switchedOn: ({ features }) => features.invoice,
    translationPage: 'invoice',
  }),
  route({
    path: P.multiInvoice,
    menu: 'menu.invoices',
    roles: [A, S, M],
    permissions: [level('get_invoices')],
    switchedOn: ({ features }) => features.invoice,
    translationPage: 'invoice',
  }),
  route({
    path: P.quotes,
    menu: 'menu.quotes',
    roles: [A, S, J, M, I, G],
    permissions: [level('get_quotes')],
    switchedOn: quotesSwitchedOn,
    translationPage: 'quotes',
  }),
  route({
    path: P.shoppingLists,
    menu: 'menu.shoppingLists',
    roles: [A, S, J, M, I],
    permissions: [level('get_shopping_lists')],
    switchedOn: shoppingListsSwitchedOn,
    translationPage: 'shoppingLists',
  }),
  route({
    path: P.purchasedProducts,
    menu: 'menu.quickOrder',
    roles: [A, S, J, M, I],
    switchedOn: ({ features }) => features.quickOrderPad && features.buyAgain,
    translationPage: 'purchasedProducts',
  }),
  route({
    path: P.orderDetail,
    roles: [A, S, J, M, SA, I, G],
    // The code the server reads an order with: a junior buyer holds it at level 1, for the orders they placed.
    permissions: [level('get_order_detail')],
    switchedOn: ({ features }) => features.orders,
    translationPage: 'orders',
  }),
  route({
    path: P.invoiceDetail,
    roles: [A, S, M, I, G],
    permissions: [level('get_invoices')],
    // shell §2 lists individual customers here, though invoices are a company's: the page opens for them and offers to
    // sign in with a company account (login flag 7) instead of ending their session (issue 36).
    openWithoutPermissions: [I],
    switchedOn: ({ features }) => features.invoice,
    translationPage: 'invoice',
  }),
  route({
    path: P.addresses,
    menu: 'menu.addresses',
    roles: [A, S, J, M, I, G],
    permissions: [level('get_addresses')],
    switchedOn: ({ features }) => features.addressBook,
    translationPage: 'addresses',
  }),
  route({
    path: P.shoppingList,
    roles: [A, S, J, M, I],
    permissions: [level('get_shopping_lists')],
    switchedOn: shoppingListsSwitchedOn,
    translationPage: 'shoppingLists',
  }),
  route({
    path: P.userManagement,
    menu: 'menu.userManagement',
    roles: [A, S, M],
    permissions: [level('get_users')],
    switchedOn: ({ features }) => features.userManagement,
    translationPage: 'userManagement',
  }),
  route({
    path: P.quoteDraft,
    roles: [A, S, J, M, SA, I, G],
    permissions: [level('create_quote')],
    switchedOn: quotePagesSwitchedOn,
    guestAllowed: true,
    translationPage: 'quotes',
  }),
  route({
    path: P.accountSettings,
    menu: 'menu.accountSettings',
    roles: [A, S, J, M, SA, I],
    switchedOn: ({ features }) => features.accountSettings,
    translationPage: 'accountSettings',
  }),
  route({
    path: P.quoteDetail,
    roles: [A, S, J, M, SA, I, G],
    permissions: [level('get_quotes')],
    switchedOn: quotePagesSwitchedOn,
    guestAllowed: true,
    translationPage: 'quotes',
  }),
];
