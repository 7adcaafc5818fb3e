import type { RouteObject } from 'react-router';

import { AccountSettingsPage } from '../features/account/routes/AccountSettingsPage';
import { LoginPage } from '../features/auth/routes/LoginPage';
import { ROUTE_PATHS } from '../lib/routePaths';
import { BlankLanding, DefaultRedirect, RedirectSignedIn, RequireSignedIn } from './guards';
import { PortalLayout } from './layout/PortalLayout';

// shell §2 routes that exist so far; unknown ones go to the session's landing page.
export const portalRoutes: RouteObject[] = [
  { path: ROUTE_PATHS.landing, element: <BlankLanding /> },
  {
    element: <PortalLayout />,
    children: [
      {
        path: ROUTE_PATHS.login,
        element: (
          <RedirectSignedIn>
            <LoginPage />
          </RedirectSignedIn>
        ),
      },
      {
        path: ROUTE_PATHS.accountSettings,
        element: (
          <RequireSignedIn>
            <AccountSettingsPage />
          </RequireSignedIn>
        ),
      },
      { path: '*', element: <DefaultRedirect /> },
    ],
  },
];
