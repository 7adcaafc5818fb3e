import { useEffect } from 'react';
import type { RouteObject } from 'react-router';

import { AccountSettingsPage } from '../features/account/routes/AccountSettingsPage';
import { ForgotPasswordPage } from '../features/auth/routes/ForgotPasswordPage';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { DashboardPage } from '../features/dashboard/routes/DashboardPage';
import { ConvertPage } from '../features/register/routes/ConvertPage';
import { RegisterPage } from '../features/register/routes/RegisterPage';
import { QuoteDraftPage } from '../features/quotes/routes/QuoteDraftPage';
import { ROUTE_PATHS } from '../lib/routePaths';
import { PortalLayout } from './layout/PortalLayout';
import { usePortalControls } from './PortalControls';
import { RouteGate } from './RouteGate';

/** shell §2 "/": the blank landing, i.e. the storefront page itself — the portal closes. */
export function BlankLanding() {
  const { requestClose } = usePortalControls();
  useEffect(() => requestClose(), [requestClose]);
  return null;
}

/**
 * The screens that exist (lib/routePaths ROUTES_WITH_PAGES). Every other path — the route table's routes
 * without a page yet, unknown paths — reaches the gate through "*" and is redirected.
 */
export const PAGE_ELEMENTS = {
  [ROUTE_PATHS.login]: <LoginPage />,
  [ROUTE_PATHS.register]: <RegisterPage />,
  [ROUTE_PATHS.registeredBcToB2b]: <ConvertPage />,
  [ROUTE_PATHS.forgotPassword]: <ForgotPasswordPage />,
  [ROUTE_PATHS.dashboard]: <DashboardPage />,
  [ROUTE_PATHS.accountSettings]: <AccountSettingsPage />,
  [ROUTE_PATHS.quoteDraft]: <QuoteDraftPage />,
} as const;

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
