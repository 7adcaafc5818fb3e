import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchPath, type RouteObject } from 'react-router';

import { useMessages } from '../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../lib/routePaths';
import { appMessages } from './messages';
import { PortalLayout } from './layout/PortalLayout';
import { usePortalControls } from './PortalControls';
import { RouteGate } from './RouteGate';

/** shell §2 "/": the blank landing, i.e. the storefront page itself — the portal closes. */
export function BlankLanding() {
  const { requestClose } = usePortalControls();
  useEffect(() => requestClose(), [requestClose]);
  return null;
}

type PageLoader = () => Promise<ComponentType>;

/**
 * The screens that exist (lib/routePaths ROUTES_WITH_PAGES), each in its own chunk with its texts: opening the
 * portal loads the shell and the one page it shows (preloadPage starts that download beside start-up). Every
 * other path — the route table's routes without a page yet, unknown paths — reaches the gate through "*" and is
 * redirected.
 */
const PAGE_LOADERS = {
  [ROUTE_PATHS.login]: () => import('../features/auth/routes/LoginPage').then((m) => m.LoginPage),
  [ROUTE_PATHS.register]: () => import('../features/register/routes/RegisterPage').then((m) => m.RegisterPage),
  [ROUTE_PATHS.registeredBcToB2b]: () => import('../features/register/routes/ConvertPage').then((m) => m.ConvertPage),
  [ROUTE_PATHS.forgotPassword]: () => import('../features/auth/routes/ForgotPasswordPage').then((m) => m.ForgotPasswordPage),
  [ROUTE_PATHS.dashboard]: () => import('../features/dashboard/routes/DashboardPage').then((m) => m.DashboardPage),
  [ROUTE_PATHS.quotes]: () => import('../features/quotes/routes/QuotesPage').then((m) => m.QuotesPage),
  [ROUTE_PATHS.quoteDraft]: () => import('../features/quotes/routes/QuoteDraftPage').then((m) => m.QuoteDraftPage),
  [ROUTE_PATHS.accountSettings]: () => import('../features/account/routes/AccountSettingsPage').then((m) => m.AccountSettingsPage),
  [ROUTE_PATHS.quoteDetail]: () => import('../features/quotes/routes/QuoteDetailPage').then((m) => m.QuoteDetailPage),
  [ROUTE_PATHS.addresses]: () => import('../features/addresses/routes/AddressesPage').then((m) => m.AddressesPage),
  [ROUTE_PATHS.userManagement]: () => import('../features/users/routes/UserManagementPage').then((m) => m.UserManagementPage),
  [ROUTE_PATHS.orders]: () => import('../features/orders/routes/OrdersPage').then((m) => m.OrdersPage),
  [ROUTE_PATHS.companyOrders]: () => import('../features/orders/routes/CompanyOrdersPage').then((m) => m.CompanyOrdersPage),
  [ROUTE_PATHS.orderDetail]: () => import('../features/orders/routes/OrderDetailPage').then((m) => m.OrderDetailPage),
  [ROUTE_PATHS.shoppingLists]: () => import('../features/shoppinglists/routes/ShoppingListsPage').then((m) => m.ShoppingListsPage),
  [ROUTE_PATHS.shoppingList]: () => import('../features/shoppinglists/routes/ShoppingListPage').then((m) => m.ShoppingListPage),
  [ROUTE_PATHS.pdp]: () => import('../features/shoppinglists/routes/PdpPage').then((m) => m.PdpPage),
} as const satisfies Record<string, PageLoader>;

/** Every page's chunk, loaded: the tests await it before rendering, so that no test races a lazy chunk's download
 * (or, in jsdom, its module graph's first import) against a wait for what the page shows (issue 14). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.values(PAGE_LOADERS).map((load) => load()));
}

/** Starts downloading the page of a path (the hash route the portal opens on); nothing for other paths. */
export function preloadPage(pathname: string): void {
  const entry = Object.entries(PAGE_LOADERS).find(([pattern]) => matchPath({ path: pattern, end: true }, pathname));
  entry?.[1]().catch(() => undefined); // a failed download is retried, and reported, when the page renders
}

function PageLoading() {
  const t = useMessages(appMessages);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <CircularProgress size={32} aria-label={t('page.loading')} />
    </div>
  );
}

function lazyPage(load: PageLoader): ReactElement {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  return (
    <Suspense fallback={<PageLoading />}>
      <Page />
    </Suspense>
  );
}

export const PAGE_ELEMENTS = Object.fromEntries(
  Object.entries(PAGE_LOADERS).map(([path, load]) => [path, lazyPage(load)]),
) as Record<keyof typeof PAGE_LOADERS, ReactElement>;

export const portalRoutes: RouteObject[] = [
  { path: ROUTE_PATHS.landing, element: <BlankLanding /> },
  {
    element: <PortalLayout />,
    children: [
      {
        element: <RouteGate />,
        children: [
          ...Object.entries(PAGE_ELEMENTS).map(([path, element]) => ({ path, element })),
          { path: '*', element: null },
        ],
      },
    ],
  },
];
