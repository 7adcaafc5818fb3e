import CircularProgress from '@mui/material/CircularProgress';
import { Suspense, lazy, useEffect, type ComponentType, type ReactElement } from 'react';
import { matchPath, type RouteObject } from 'react-router';

import type { CatalogPart } from '../lib/i18n/catalogParts';
import { useMessages, usePreloadedTexts } from '../lib/i18n/I18nProvider';
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

/** A page: its chunk, and the catalog parts its texts come from besides the shell part (lib/i18n/catalogParts.ts). */
interface PageEntry {
  load: PageLoader;
  texts: readonly CatalogPart[];
}

/** `page(load, 'quotes', 'components')`: the parts a page's module graph asks for (pageTexts.test.ts checks them). */
const page = (load: PageLoader, ...texts: readonly CatalogPart[]): PageEntry => ({ load, texts });

/**
 * The screens that exist (lib/routePaths ROUTES_WITH_PAGES), each in its own chunk with its texts in parts of the
 * catalog: opening the portal loads the shell and the one page it shows (preloadPage starts that download beside
 * start-up, which loads the page's texts). Every other path — the route table's routes without a page yet, unknown
 * paths — reaches the gate through "*" and is redirected.
 */
const PAGES = {
  [ROUTE_PATHS.login]: page(() => import('../features/auth/routes/LoginPage').then((m) => m.LoginPage)),
  [ROUTE_PATHS.register]: page(() => import('../features/register/routes/RegisterPage').then((m) => m.RegisterPage), 'register', 'components'),
  [ROUTE_PATHS.registeredBcToB2b]: page(() => import('../features/register/routes/ConvertPage').then((m) => m.ConvertPage), 'register', 'components'),
  [ROUTE_PATHS.forgotPassword]: page(() => import('../features/auth/routes/ForgotPasswordPage').then((m) => m.ForgotPasswordPage)),
  [ROUTE_PATHS.dashboard]: page(() => import('../features/dashboard/routes/DashboardPage').then((m) => m.DashboardPage), 'dashboard'),
  [ROUTE_PATHS.quotes]: page(() => import('../features/quotes/routes/QuotesPage').then((m) => m.QuotesPage), 'quotes'),
  [ROUTE_PATHS.quoteDraft]: page(() => import('../features/quotes/routes/QuoteDraftPage').then((m) => m.QuoteDraftPage), 'quotes', 'components', 'bulkUpload', 'budgetPanel'),
  [ROUTE_PATHS.accountSettings]: page(() => import('../features/account/routes/AccountSettingsPage').then((m) => m.AccountSettingsPage), 'account'),
  [ROUTE_PATHS.quoteDetail]: page(() => import('../features/quotes/routes/QuoteDetailPage').then((m) => m.QuoteDetailPage), 'quotes', 'components', 'budgetPanel'),
  [ROUTE_PATHS.addresses]: page(() => import('../features/addresses/routes/AddressesPage').then((m) => m.AddressesPage), 'addresses'),
  [ROUTE_PATHS.userManagement]: page(() => import('../features/users/routes/UserManagementPage').then((m) => m.UserManagementPage), 'users', 'account'),
  [ROUTE_PATHS.orders]: page(() => import('../features/orders/routes/OrdersPage').then((m) => m.OrdersPage), 'orders'),
  [ROUTE_PATHS.companyOrders]: page(() => import('../features/orders/routes/CompanyOrdersPage').then((m) => m.CompanyOrdersPage), 'orders'),
  // The managers' pages before the request's: pageAt takes the first pattern that matches (`/approvals/:id` matches them).
  [ROUTE_PATHS.approvals]: page(() => import('../features/approvals/routes/ApprovalsPage').then((m) => m.ApprovalsPage), 'approvals'),
  [ROUTE_PATHS.approvalRules]: page(() => import('../features/approvals/routes/ApprovalRulesPage').then((m) => m.ApprovalRulesPage), 'approvals'),
  [ROUTE_PATHS.budgets]: page(() => import('../features/approvals/routes/BudgetsPage').then((m) => m.BudgetsPage), 'approvals'),
  [ROUTE_PATHS.approvalRequest]: page(() => import('../features/approvals/routes/PurchaseRequestPage').then((m) => m.PurchaseRequestPage), 'approvals'),
  [ROUTE_PATHS.orderDetail]: page(() => import('../features/orders/routes/OrderDetailPage').then((m) => m.OrderDetailPage), 'orders', 'components'),
  [ROUTE_PATHS.shoppingLists]: page(() => import('../features/shoppinglists/routes/ShoppingListsPage').then((m) => m.ShoppingListsPage), 'shoppingLists'),
  [ROUTE_PATHS.shoppingList]: page(() => import('../features/shoppinglists/routes/ShoppingListPage').then((m) => m.ShoppingListPage), 'shoppingLists', 'components', 'bulkUpload', 'budgetPanel'),
  [ROUTE_PATHS.pdp]: page(() => import('../features/shoppinglists/routes/PdpPage').then((m) => m.PdpPage), 'shoppingLists', 'components'),
  [ROUTE_PATHS.purchasedProducts]: page(() => import('../features/quickorder/routes/QuickOrderPage').then((m) => m.QuickOrderPage), 'quickOrder', 'components', 'bulkUpload'),
  [ROUTE_PATHS.multiInvoice]: page(() => import('../features/invoices/routes/MultiInvoicePage').then((m) => m.MultiInvoicePage), 'invoices'),
  [ROUTE_PATHS.invoice]: page(() => import('../features/invoices/routes/InvoicePage').then((m) => m.InvoicePage), 'invoices'),
  [ROUTE_PATHS.invoiceDetail]: page(() => import('../features/invoices/routes/InvoiceDetailPage').then((m) => m.InvoiceDetailPage), 'invoices'),
  [ROUTE_PATHS.payment]: page(() => import('../features/invoices/routes/PaymentPage').then((m) => m.PaymentPage), 'invoices'),
} as const satisfies Record<string, PageEntry>;

/** Every page's chunk, loaded: the tests await it before rendering, so that no test races a lazy chunk's download
 * (or, in jsdom, its module graph's first import) against a wait for what the page shows (issue 14). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.values(PAGES).map(({ load }) => load()));
}

function pageAt(pathname: string): PageEntry | null {
  return Object.entries(PAGES).find(([pattern]) => matchPath({ path: pattern, end: true }, pathname))?.[1] ?? null;
}

/** Starts downloading the page of a path (the hash route the portal opens on); nothing for other paths. */
export function preloadPage(pathname: string): void {
  pageAt(pathname)
    ?.load()
    .catch(() => undefined); // a failed download is retried, and reported, when the page renders
}

/** The catalog parts the page of a path shows besides the shell part (start-up loads them with it). */
export function pageCatalogParts(pathname: string): readonly string[] {
  return pageAt(pathname)?.texts ?? [];
}

/** The catalog parts of each page, by route path (pageTexts.test.ts compares them with what the pages import). */
export const PAGE_CATALOG_PARTS = Object.fromEntries(Object.entries(PAGES).map(([path, { texts }]) => [path, texts])) as Record<
  keyof typeof PAGES,
  readonly string[]
>;

function PageLoading() {
  const t = useMessages(appMessages);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
      <CircularProgress size={32} aria-label={t('page.loading')} />
    </div>
  );
}

function lazyPage({ load, texts }: PageEntry): ReactElement {
  const Page = lazy(() => load().then((component) => ({ default: component })));
  // The page's texts download beside its chunk, in the language on screen; its components wait for them.
  function PageWithTexts() {
    usePreloadedTexts(texts);
    return <Page />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <PageWithTexts />
    </Suspense>
  );
}

export const PAGE_ELEMENTS = Object.fromEntries(Object.entries(PAGES).map(([path, entry]) => [path, lazyPage(entry)])) as Record<
  keyof typeof PAGES,
  ReactElement
>;

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
