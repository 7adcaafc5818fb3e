import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router';

import { ROUTE_PATHS, SIGNED_IN_LANDING_PATH, loginPath } from '../lib/routePaths';
import { sessionEndedByExpiry, useB2BToken } from '../lib/session';
import { usePortalControls } from './PortalControls';

/**
 * shell §2: guests trying protected pages go to /login?loginFlag=3; after an expired session without the tip
 * (shell §8), whichever of this guard and the GraphQL client redirects first.
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const token = useB2BToken();
  return token ? children : <Navigate to={loginPath(3, { showTip: !sessionEndedByExpiry() })} replace />;
}

/** A signed-in user opening the sign-in page goes to their landing page instead. */
export function RedirectSignedIn({ children }: { children: ReactNode }) {
  const token = useB2BToken();
  return token ? <Navigate to={SIGNED_IN_LANDING_PATH} replace /> : children;
}

/** Unknown routes: the landing page of the current session. */
export function DefaultRedirect() {
  const token = useB2BToken();
  return <Navigate to={token ? SIGNED_IN_LANDING_PATH : ROUTE_PATHS.login} replace />;
}

/** shell §2 "/": the blank landing, i.e. the storefront page itself — the portal closes. */
export function BlankLanding() {
  const { requestClose } = usePortalControls();
  useEffect(() => requestClose(), [requestClose]);
  return null;
}
