import { ROLE, effectiveRole } from '../lib/permissions';
import { ROUTES_WITH_PAGES, ROUTE_PATHS } from '../lib/routePaths';
import { toConfigMap } from '../lib/store/storefrontConfig';
import type { Permission } from '../lib/user/customerInfo';
import { DEMO_PERMISSIONS, configEntries, customer, featureFlags } from '../test/graphqlMock';
import { decideRoute, findRoute, isInvoiceLinkWithoutCompany, landingPath, menuRoutes, routeAccess, signInPathFor, type AccessContext, type RouteAccess } from './access';
import { ROUTE_TABLE } from './routeTable';
import { PAGE_ELEMENTS } from './routes';

// The server's role codes (3 = super admin, mapped to 4 by the overlay) and the guest.
type Who = 0 | 1 | 2 | 3 | 5 | 99 | 100;
const WHO: readonly Who[] = [0, 1, 2, 3, 5, 99, 100];

/** A custom role (5): its template holds orders (list and detail), quotes and shopping lists at level 1 only. */
const CUSTOM_PERMISSIONS: Permission[] = ['get_orders', 'get_order_detail', 'get_quotes', 'get_shopping_lists'].map((code) => ({ code, permissionLevel: 1 }));

const PERMISSIONS: Record<Exclude<Who, 100>, readonly Permission[]> = {
  0: DEMO_PERMISSIONS.admin,
  1: DEMO_PERMISSIONS.senior,
  2: DEMO_PERMISSIONS.junior,
  3: DEMO_PERMISSIONS.superAdmin,
  5: CUSTOM_PERMISSIONS,
  99: DEMO_PERMISSIONS.individual,
};

function contextFor(who: Who, overrides: Partial<AccessContext> & { configs?: AccessContext['configs'] } = {}): AccessContext {
  const base = { features: featureFlags(), configs: toConfigMap(configEntries()) };
  if (who === 100) return { role: ROLE.guest, permissions: [], ...base, ...overrides };
  const info = customer({ role: who, permissions: [...PERMISSIONS[who]] });
  return { role: effectiveRole(info), permissions: info.permissions, ...base, ...overrides };
}

const A = 'allowed';
const D = 'denied';
const S = 'signInRequired';

// shell §2 tables × shell §6 permissions, everything switched on, with the demo accounts' permissions.
//                                  admin senior junior super  custom indiv. guest
//                                    0     1      2    3→4     5     99    100
const EXPECTED: Record<string, readonly RouteAccess[]> = {
  '/':                               [A,    A,     A,     A,     A,     A,     A],
  '/login':                          [D,    D,     D,     D,     D,     D,     A],
  '/register':                       [D,    D,     D,     D,     D,     D,     A],
  '/registeredbctob2b':              [D,    D,     D,     D,     D,     A,     S],
  '/forgotpassword':                 [A,    A,     A,     A,     A,     A,     A],
  '/pdp':                            [A,    A,     A,     A,     A,     A,     A],
  '/payment/12':                     [A,    A,     A,     A,     A,     A,     A],
  '/dashboard':                      [D,    D,     D,     A,     D,     D,     S],
  '/orders':                         [A,    A,     D,     A,     A,     A,     S],
  '/company-orders':                 [A,    A,     D,     D,     D,     D,     S],
  // Issue 41: every company user has requests of their own or approves some; the rules and budgets need
  // manage_approvals above 1, which admins hold and senior buyers do not.
  '/approvals':                      [A,    A,     A,     D,     A,     D,     S],
  '/approvals/rules':                [A,    D,     D,     D,     D,     D,     S],
  '/approvals/budgets':              [A,    D,     D,     D,     D,     D,     S],
  '/approvals/5':                    [A,    A,     A,     D,     A,     D,     S],
  '/invoice':                        [A,    A,     D,     D,     D,     D,     S],
  '/multi-invoice':                  [A,    A,     D,     D,     D,     D,     S],
  '/quotes':                         [A,    A,     A,     D,     A,     A,     S],
  '/shoppingLists':                  [A,    A,     A,     D,     A,     A,     S],
  '/purchased-products':             [A,    A,     A,     D,     A,     A,     S],
  // Issue 36: shell §2 lists the junior buyer (their own orders) and the individual (the page offers a company sign-in).
  '/orderDetail/5':                  [A,    A,     A,     A,     A,     A,     S],
  '/invoiceDetail/5':                [A,    A,     D,     D,     D,     A,     S],
  '/addresses':                      [A,    A,     A,     D,     D,     A,     S],
  '/shoppingList/5':                 [A,    A,     A,     D,     A,     A,     S],
  '/user-management':                [A,    A,     D,     D,     D,     D,     S],
  '/quoteDraft':                     [A,    A,     A,     A,     D,     A,     A],
  '/accountSettings':                [A,    A,     A,     A,     A,     A,     S],
  '/quoteDetail/5':                  [A,    A,     A,     A,     A,     A,     A],
};

describe('route table (shell §2)', () => {
  it('holds every route of the shell §2 tables once', () => {
    expect(ROUTE_TABLE.map((route) => route.path).sort()).toEqual(Object.values(ROUTE_PATHS).sort());
    expect(Object.keys(EXPECTED).map((path) => findRoute(path)?.path).sort()).toEqual(Object.values(ROUTE_PATHS).sort());
  });

  it('has pages exactly for the routes with screens, and the router renders each of them', () => {
    expect(ROUTE_TABLE.filter((route) => route.hasPage).map((route) => route.path)).toEqual([...ROUTES_WITH_PAGES]);
    expect(Object.keys(PAGE_ELEMENTS).sort()).toEqual(ROUTES_WITH_PAGES.filter((path) => path !== ROUTE_PATHS.landing).sort());
  });

  it('marks quote draft, quote detail, register, login and forgot password as guest-allowed (session check)', () => {
    expect(ROUTE_TABLE.filter((route) => route.guestAllowed).map((route) => route.path).sort()).toEqual(
      ['/forgotpassword', '/login', '/quoteDetail/:id', '/quoteDraft', '/register'].sort(),
    );
  });

  it('uses the orders set of texts for company orders (shell §4)', () => {
    expect(findRoute('/company-orders')?.translationPage).toBe('orders');
  });
});

describe.each(Object.entries(EXPECTED))('routeAccess %s', (path, expected) => {
  it.each(WHO.map((who, index) => [who, expected[index]!] as const))('role %s → %s', (who, access) => {
    expect(routeAccess(findRoute(path)!, contextFor(who))).toBe(access);
  });
});

describe('feature switches and permissions (shell §6)', () => {
  const access = (path: string, context: AccessContext) => routeAccess(findRoute(path)!, context);
  const configs = (overrides: Record<string, string>) =>
    toConfigMap(configEntries(Object.fromEntries(Object.entries(overrides).map(([key, value]) => [key, { value }]))));

  it.each([
    ['orders', ['/orders', '/company-orders', '/orderDetail/1']],
    ['invoice', ['/invoice', '/multi-invoice', '/invoiceDetail/1']],
    ['quotes', ['/quotes', '/quoteDraft', '/quoteDetail/1']],
    ['shoppingLists', ['/shoppingLists', '/shoppingList/1']],
    ['addressBook', ['/addresses']],
    ['userManagement', ['/user-management']],
    ['accountSettings', ['/accountSettings']],
    ['quickOrderPad', ['/purchased-products']],
    ['buyAgain', ['/purchased-products']],
  ] as const)('storefrontConfig.%s off closes %j to the admin', (flag, paths) => {
    const context = contextFor(0, { features: featureFlags({ [flag]: false }) });
    for (const path of paths) expect({ path, access: access(path, context) }).toEqual({ path, access: D });
    expect(access('/accountSettings', contextFor(0, { features: featureFlags({ orders: false }) }))).toBe(A);
  });

  it('a super admin who is not masquerading reaches the quote draft and detail pages, not the quotes list', () => {
    expect(access('/quoteDraft', contextFor(3))).toBe(A);
    expect(access('/quoteDetail/5', contextFor(3))).toBe(A);
    expect(access('/quotes', contextFor(3))).toBe(D);
    expect(access('/quoteDraft', contextFor(3, { features: featureFlags({ quotes: false }) }))).toBe(D);
  });

  it('storefrontConfig.dashboard off closes the dashboard to the super admin', () => {
    expect(access('/dashboard', contextFor(3, { features: featureFlags({ dashboard: false }) }))).toBe(D);
  });

  it('quotes follow the switch of each kind of user', () => {
    const b2bOff = configs({ quote_for_b2b: '0' });
    expect(access('/quotes', contextFor(0, { configs: b2bOff }))).toBe(D);
    expect(access('/quotes', contextFor(2, { configs: b2bOff }))).toBe(D);
    expect(access('/quotes', contextFor(99, { configs: b2bOff }))).toBe(A);

    const individualOff = configs({ quote_for_individual_customer: '0' });
    expect(access('/quotes', contextFor(99, { configs: individualOff }))).toBe(D);
    expect(access('/quotes', contextFor(1, { configs: individualOff }))).toBe(A);

    const guestOff = configs({ quote_for_guest: '0' });
    expect(access('/quoteDraft', contextFor(100, { configs: guestOff }))).toBe(D);
    expect(access('/quoteDraft', contextFor(99, { configs: guestOff }))).toBe(A);
  });

  it('shopping lists follow the flag of each kind of user on shopping_list_on_product_page', () => {
    const listsFlags = (extraFields: Record<string, string>) =>
      toConfigMap(configEntries({ shopping_list_on_product_page: { value: '1', extraFields } }));
    const b2bOff = listsFlags({ enableForB2B: '0', enableForIndividual: '1' });
    expect(access('/shoppingLists', contextFor(1, { configs: b2bOff }))).toBe(D);
    expect(access('/shoppingList/1', contextFor(2, { configs: b2bOff }))).toBe(D);
    expect(access('/shoppingLists', contextFor(99, { configs: b2bOff }))).toBe(A);

    const individualOff = listsFlags({ enableForB2B: '1', enableForIndividual: '0' });
    expect(access('/shoppingLists', contextFor(99, { configs: individualOff }))).toBe(D);
    expect(access('/shoppingLists', contextFor(0, { configs: individualOff }))).toBe(A);
    expect(menuRoutes(contextFor(99, { configs: individualOff })).map((route) => route.path)).not.toContain('/shoppingLists');
  });

  it('company orders need get_orders above level 1', () => {
    const ownOrdersOnly = [...DEMO_PERMISSIONS.senior.filter((p) => p.code !== 'get_orders'), { code: 'get_orders', permissionLevel: 1 }];
    const context = contextFor(1, { permissions: ownOrdersOnly });
    expect(access('/orders', context)).toBe(A);
    expect(access('/company-orders', context)).toBe(D);
  });

  it.each([
    ['/orders', 'get_orders'],
    ['/quotes', 'get_quotes'],
    ['/shoppingLists', 'get_shopping_lists'],
    ['/addresses', 'get_addresses'],
    ['/user-management', 'get_users'],
    ['/multi-invoice', 'get_invoices'],
    ['/approvals/rules', 'manage_approvals'],
    ['/approvals/budgets', 'manage_approvals'],
  ])('%s needs %s', (path, code) => {
    const without = DEMO_PERMISSIONS.admin.filter((permission) => permission.code !== code);
    expect(access(path, contextFor(0, { permissions: without }))).toBe(D);
    expect(access(path, contextFor(0))).toBe(A);
  });

  it('the approval rules and budgets need manage_approvals above level 1, and are not read as a request’s page', () => {
    const ownUnitOnly = [...DEMO_PERMISSIONS.admin.filter((p) => p.code !== 'manage_approvals'), { code: 'manage_approvals', permissionLevel: 1 }];
    expect(access('/approvals/rules', contextFor(0, { permissions: ownUnitOnly }))).toBe(D);
    expect(access('/approvals', contextFor(0, { permissions: ownUnitOnly }))).toBe(A);
    expect(findRoute('/approvals/rules')?.path).toBe('/approvals/rules');
    expect(findRoute('/approvals/budgets')?.path).toBe('/approvals/budgets');
    expect(findRoute('/approvals/12')?.path).toBe('/approvals/:id');
    // A custom role that holds it manages them too.
    expect(access('/approvals/budgets', contextFor(5, { permissions: [...CUSTOM_PERMISSIONS, { code: 'manage_approvals', permissionLevel: 2 }] }))).toBe(A);
  });

  it('a custom role goes where admins and senior buyers go, as far as its permissions allow', () => {
    const withUsers = [...CUSTOM_PERMISSIONS, { code: 'get_users', permissionLevel: 1 }];
    expect(access('/user-management', contextFor(5))).toBe(D);
    expect(access('/user-management', contextFor(5, { permissions: withUsers }))).toBe(A);
    expect(access('/dashboard', contextFor(5, { permissions: withUsers }))).toBe(D);
  });

  it('maps the super admin who is not masquerading to 4 and any unknown code to an individual', () => {
    expect(effectiveRole(customer({ role: 3 }))).toBe(4);
    const masquerading = { ...customer({ role: 3 }), masquerade: { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: 2 } };
    expect(effectiveRole(masquerading)).toBe(3);
    expect(effectiveRole({ ...masquerading, masquerade: null })).toBe(4);
    expect(effectiveRole(customer({ role: 42 }))).toBe(99);
    expect(effectiveRole(null)).toBe(100);
  });
});

describe('landing and redirects (shell §2)', () => {
  it('today users with orders land on them, the junior buyer on their shopping lists, the super admin on the dashboard, guests on sign-in', () => {
    for (const who of [0, 1, 5, 99] as const) {
      expect({ who, landing: landingPath(contextFor(who)) }).toEqual({ who, landing: '/orders' });
    }
    // No orders: shopping lists (shell §2), else the settings.
    expect(landingPath(contextFor(2))).toBe('/shoppingLists');
    expect(landingPath(contextFor(2, { features: featureFlags({ shoppingLists: false }) }))).toBe('/accountSettings');
    expect(landingPath(contextFor(3))).toBe('/dashboard');
    // Masquerading (role 3): the company's landing page.
    expect(landingPath({ ...contextFor(0), role: ROLE.superAdminMasquerading })).toBe('/orders');
    expect(landingPath(contextFor(100))).toBe('/login');
  });

  it('once every page exists: orders, else shopping lists, else settings; the super admin on the dashboard', () => {
    const built = ROUTE_TABLE.map((route) => ({ ...route, hasPage: true }));
    expect(landingPath(contextFor(0), built)).toBe('/orders');
    expect(landingPath(contextFor(99), built)).toBe('/orders');
    expect(landingPath(contextFor(2), built)).toBe('/shoppingLists');
    expect(landingPath(contextFor(3), built)).toBe('/dashboard');
    expect(landingPath(contextFor(2, { features: featureFlags({ shoppingLists: false }) }), built)).toBe('/accountSettings');
    expect(landingPath(contextFor(3, { features: featureFlags({ dashboard: false }) }), built)).toBe('/accountSettings');
  });

  it('closes the portal when no page lets the user in', () => {
    expect(landingPath(contextFor(0, { features: featureFlags({ accountSettings: false, orders: false, shoppingLists: false }) }))).toBe('/');
  });

  it('sends guests on protected pages to sign in, with the tip that fits how the session ended', () => {
    // Issue 36: a guest who never signed in is asked to sign in, not told they were signed out.
    expect(decideRoute('/orders', contextFor(100))).toEqual({ kind: 'redirect', to: '/login?loginFlag=3', notice: 'signInRequired' });
    expect(decideRoute('/orders', contextFor(100), 'none')).toEqual({ kind: 'redirect', to: '/login?loginFlag=3', notice: 'signInRequired' });
    expect(decideRoute('/orders', contextFor(100), 'signedOut')).toEqual({ kind: 'redirect', to: '/login?loginFlag=3' });
    expect(decideRoute('/accountSettings', contextFor(100), 'expired')).toEqual({ kind: 'redirect', to: '/login?loginFlag=3&showTip=false' });
    expect(decideRoute('/accountSettings', contextFor(100), 'lost')).toEqual({ kind: 'redirect', to: '/login?loginFlag=6' });
    expect(signInPathFor('signedOut')).toBe('/login?loginFlag=3');
  });

  it('sends routes without a page yet, unknown routes and refused routes to the landing page, saying why (issue 36)', () => {
    const withoutInvoicePage = ROUTE_TABLE.map((route) => (route.path === '/invoice' ? { ...route, hasPage: false } : route));
    expect(decideRoute('/invoice', contextFor(0), 'signedOut', withoutInvoicePage)).toEqual({ kind: 'redirect', to: '/orders', notice: 'notFound' });
    expect(decideRoute('/no-such-page', contextFor(1))).toEqual({ kind: 'redirect', to: '/orders', notice: 'notFound' });
    expect(decideRoute('/user-management', contextFor(2))).toEqual({ kind: 'redirect', to: '/shoppingLists', notice: 'notForAccount' });
    expect(decideRoute('/company-orders', contextFor(2))).toEqual({ kind: 'redirect', to: '/shoppingLists', notice: 'notForAccount' });
    expect(decideRoute('/company-orders', contextFor(99))).toEqual({ kind: 'redirect', to: '/orders', notice: 'companyOnly' });
    expect(decideRoute('/user-management', contextFor(3))).toEqual({ kind: 'redirect', to: '/dashboard', notice: 'needsMasquerade' });
    const invoicesOff = contextFor(0, { features: featureFlags({ invoice: false }) });
    expect(decideRoute('/multi-invoice', invoicesOff)).toEqual({ kind: 'redirect', to: '/orders', notice: 'switchedOff' });
    // Signed in already: the sign-in and registration pages need no reason.
    expect(decideRoute('/login', contextFor(0))).toEqual({ kind: 'redirect', to: '/orders' });
    expect(decideRoute('/register', contextFor(0))).toEqual({ kind: 'redirect', to: '/orders' });
    expect(decideRoute('/no-such-page', contextFor(100))).toEqual({ kind: 'redirect', to: '/login', notice: 'notFound' });
  });

  it('keeps a signed-in user without a company account on invoice links and says where invoices are (issue 36)', () => {
    // Never the sign-in page (flag 7 is for guests): the landing page with the reason, or the page itself.
    for (const path of ['/invoice', '/multi-invoice']) {
      expect(decideRoute(path, contextFor(99))).toEqual({ kind: 'redirect', to: '/orders', notice: 'invoicesCompanyOnly' });
      expect(decideRoute(path, contextFor(3))).toEqual({ kind: 'redirect', to: '/dashboard', notice: 'invoicesNeedMasquerade' });
    }
    expect(decideRoute('/invoiceDetail/2', contextFor(3))).toEqual({ kind: 'redirect', to: '/dashboard', notice: 'invoicesNeedMasquerade' });
    // shell §2 lists the individual customer for the invoice detail: its page offers a company sign-in.
    expect(decideRoute('/invoiceDetail/2', contextFor(99))).toMatchObject({ kind: 'render', route: { path: '/invoiceDetail/:id' } });
    expect(decideRoute('/payment/2', contextFor(99))).toMatchObject({ kind: 'render' });
    expect(decideRoute('/payment/2', contextFor(3))).toMatchObject({ kind: 'render' });
  });

  it('opens the order detail to a junior buyer (shell §2): the server shows them the orders they placed', () => {
    expect(decideRoute('/orderDetail/100042', contextFor(2))).toMatchObject({ kind: 'render', route: { path: '/orderDetail/:id' } });
    // Without get_order_detail (a template staff changed) the order page is refused, with the reason.
    const withoutDetail = contextFor(2, { permissions: DEMO_PERMISSIONS.junior.filter((p) => p.code !== 'get_order_detail') });
    expect(decideRoute('/orderDetail/100042', withoutDetail)).toEqual({ kind: 'redirect', to: '/shoppingLists', notice: 'notForAccount' });
    expect(decideRoute('/orders', contextFor(2))).toEqual({ kind: 'redirect', to: '/shoppingLists', notice: 'notForAccount' });
  });

  it('sends a guest opening an invoice page to sign in with a company account (shell §2 login flag 7)', () => {
    for (const path of ['/invoice', '/multi-invoice', '/invoiceDetail/5']) {
      expect(decideRoute(path, contextFor(100))).toEqual({ kind: 'redirect', to: '/login?loginFlag=7' });
      expect(decideRoute(path, contextFor(100), 'expired')).toEqual({ kind: 'redirect', to: '/login?loginFlag=7' });
    }
    // The payment link is public: its page says to sign in (features/invoices PaymentPage).
    expect(decideRoute('/payment/5', contextFor(100))).toMatchObject({ kind: 'render' });
    // Roles 4, 99 and 100 have no invoices; company users and the masquerading super admin do.
    const invoiceDetail = findRoute('/invoiceDetail/5');
    expect([ROLE.superAdmin, ROLE.individual, ROLE.guest].map((role) => isInvoiceLinkWithoutCompany(invoiceDetail, role))).toEqual([true, true, true]);
    expect([ROLE.admin, ROLE.seniorBuyer, ROLE.superAdminMasquerading].map((role) => isInvoiceLinkWithoutCompany(invoiceDetail, role))).toEqual([false, false, false]);
    expect(isInvoiceLinkWithoutCompany(findRoute('/payment/5'), ROLE.individual)).toBe(true);
    expect(isInvoiceLinkWithoutCompany(findRoute('/orders'), ROLE.individual)).toBe(false);
  });

  it('renders the pages that exist for those they let in', () => {
    expect(decideRoute('/accountSettings', contextFor(2))).toMatchObject({ kind: 'render', route: { path: '/accountSettings' } });
    expect(decideRoute('/forgotpassword', contextFor(100))).toMatchObject({ kind: 'render' });
    expect(decideRoute('/forgotpassword', contextFor(0))).toMatchObject({ kind: 'render' });
    expect(decideRoute('/login', contextFor(100))).toMatchObject({ kind: 'render' });
    expect(decideRoute('/register', contextFor(100))).toMatchObject({ kind: 'render', route: { path: '/register' } });
    expect(decideRoute('/registeredbctob2b', contextFor(99))).toMatchObject({ kind: 'render', route: { path: '/registeredbctob2b' } });
  });
});

describe('menu (shell §2, §6)', () => {
  const labels = (context: AccessContext, table = ROUTE_TABLE) => menuRoutes(context, table).map((route) => route.menu);

  it('today shows the pages that exist as permissions allow, the Dashboard too to the super admin, nothing to guests', () => {
    const users = ['menu.orders', 'menu.companyOrders', 'menu.approvals', 'menu.invoices', 'menu.quotes', 'menu.shoppingLists', 'menu.quickOrder', 'menu.addresses', 'menu.userManagement', 'menu.accountSettings'];
    const expected = {
      0: users,
      1: users,
      2: ['menu.approvals', 'menu.quotes', 'menu.shoppingLists', 'menu.quickOrder', 'menu.addresses', 'menu.accountSettings'],
      5: ['menu.orders', 'menu.approvals', 'menu.quotes', 'menu.shoppingLists', 'menu.quickOrder', 'menu.accountSettings'],
      99: ['menu.orders', 'menu.quotes', 'menu.shoppingLists', 'menu.quickOrder', 'menu.addresses', 'menu.accountSettings'],
    };
    for (const who of [0, 1, 2, 5, 99] as const) {
      expect({ who, menu: labels(contextFor(who)) }).toEqual({ who, menu: expected[who] });
    }
    // The super admin who is not masquerading has quotes off (shell §4).
    expect(labels(contextFor(3))).toEqual(['menu.dashboard', 'menu.orders', 'menu.accountSettings']);
    expect(labels({ ...contextFor(0), role: ROLE.superAdminMasquerading })).toEqual(['menu.dashboard', ...users]);
    expect(labels(contextFor(100))).toEqual([]);
  });

  it('once every page exists, follows the role and permissions, in the spec’s order', () => {
    const built = ROUTE_TABLE.map((route) => ({ ...route, hasPage: true }));
    expect(labels(contextFor(0), built)).toEqual([
      'menu.orders',
      'menu.companyOrders',
      'menu.approvals',
      'menu.invoices',
      'menu.quotes',
      'menu.shoppingLists',
      'menu.quickOrder',
      'menu.addresses',
      'menu.userManagement',
      'menu.accountSettings',
    ]);
    expect(labels(contextFor(2), built)).toEqual([
      'menu.approvals',
      'menu.quotes',
      'menu.shoppingLists',
      'menu.quickOrder',
      'menu.addresses',
      'menu.accountSettings',
    ]);
    expect(labels(contextFor(3), built)).toEqual(['menu.dashboard', 'menu.orders', 'menu.accountSettings']);
    expect(labels(contextFor(99), built)).toEqual([
      'menu.orders',
      'menu.quotes',
      'menu.shoppingLists',
      'menu.quickOrder',
      'menu.addresses',
      'menu.accountSettings',
    ]);
  });
});
