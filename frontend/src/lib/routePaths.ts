// shell §2 hash routes, shared by the router (app/), the features that link or redirect to them, and the
// loader's link handling. React-free: the loader imports it.
export const ROUTE_PATHS = {
  landing: '/',
  login: '/login',
  register: '/register',
  registeredBcToB2b: '/registeredbctob2b',
  forgotPassword: '/forgotpassword',
  pdp: '/pdp',
  payment: '/payment/:id',
  dashboard: '/dashboard',
  orders: '/orders',
  companyOrders: '/company-orders',
  invoice: '/invoice',
  multiInvoice: '/multi-invoice',
  quotes: '/quotes',
  shoppingLists: '/shoppingLists',
  purchasedProducts: '/purchased-products',
  orderDetail: '/orderDetail/:id',
  invoiceDetail: '/invoiceDetail/:id',
  addresses: '/addresses',
  shoppingList: '/shoppingList/:id',
  userManagement: '/user-management',
  quoteDraft: '/quoteDraft',
  accountSettings: '/accountSettings',
  quoteDetail: '/quoteDetail/:id',
  // Issue 41. The managers' pages come before the request's: `/approvals/:id` would match their paths too, and the
  // gate (app/access.ts findRoute) takes the first route that matches.
  approvals: '/approvals',
  approvalRules: '/approvals/rules',
  budgets: '/approvals/budgets',
  approvalRequest: '/approvals/:id',
} as const;

export type RoutePath = (typeof ROUTE_PATHS)[keyof typeof ROUTE_PATHS];

/**
 * The routes whose screens exist so far. The others are in the route table (app/routeTable.ts) but lead to the
 * landing page until a later issue builds them; the loader only sends storefront links to these.
 */
export const ROUTES_WITH_PAGES: readonly RoutePath[] = [
  ROUTE_PATHS.landing,
  ROUTE_PATHS.login,
  ROUTE_PATHS.register,
  ROUTE_PATHS.registeredBcToB2b,
  ROUTE_PATHS.forgotPassword,
  ROUTE_PATHS.pdp,
  ROUTE_PATHS.payment,
  ROUTE_PATHS.dashboard,
  ROUTE_PATHS.orders,
  ROUTE_PATHS.companyOrders,
  ROUTE_PATHS.approvals,
  ROUTE_PATHS.approvalRules,
  ROUTE_PATHS.budgets,
  ROUTE_PATHS.approvalRequest,
  ROUTE_PATHS.invoice,
  ROUTE_PATHS.multiInvoice,
  ROUTE_PATHS.quotes,
  ROUTE_PATHS.shoppingLists,
  ROUTE_PATHS.purchasedProducts,
  ROUTE_PATHS.orderDetail,
  ROUTE_PATHS.invoiceDetail,
  ROUTE_PATHS.addresses,
  ROUTE_PATHS.shoppingList,
  ROUTE_PATHS.userManagement,
  ROUTE_PATHS.quoteDraft,
  ROUTE_PATHS.accountSettings,
  ROUTE_PATHS.quoteDetail,
];

/**
 * Whether `path` (a hash route without its `#`, with or without a query) is one of the portal's pages: a route of
 * ROUTE_PATHS other than the blank landing, its `:id` standing for one path segment. `/nope` is not.
 */
export function isPortalRoutePath(path: string): boolean {
  const route = path.split(/[?#]/, 1)[0] ?? '';
  const segments = route.split('/');
  return ROUTES_WITH_PAGES.some((pattern) => {
    if (pattern === ROUTE_PATHS.landing) return false;
    const parts = pattern.split('/');
    return parts.length === segments.length && parts.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]));
  });
}

/** shell §2 login flags: 3 signed out, 6 session lost, 7 invoice link without a company account. */
export type LoginFlag = 3 | 6 | 7;

export function loginPath(flag?: LoginFlag, options: { showTip?: boolean } = {}): string {
  const search = new URLSearchParams();
  if (flag !== undefined) search.set('loginFlag', String(flag));
  if (options.showTip === false) search.set('showTip', 'false');
  const query = search.toString();
  return query ? `${ROUTE_PATHS.login}?${query}` : ROUTE_PATHS.login;
}
