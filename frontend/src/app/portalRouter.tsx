import { useLayoutEffect, type ReactElement, type ReactNode } from 'react';
import {
  HashRouter,
  MemoryRouter,
  parsePath,
  useLocation,
  useNavigate,
  useRoutes,
  type NavigateFunction,
  type NavigateOptions,
  type To,
} from 'react-router';

import { portalRoutes } from './routes';

export interface PortalLocation {
  pathname: string;
  search: string;
}

/**
 * The portal's router. React Router's declarative mode (`HashRouter` + `useRoutes`): the portal uses none of the
 * data router's loaders, actions or fetchers, and the data router alone weighs 16 kB gzip on every first route
 * (issue 14 §5). Code outside React (the GraphQL client's sign-out on an expired session, tests) navigates through
 * this handle.
 */
export interface PortalRouter {
  /** The route the portal opens on (start-up reads it before the router renders). */
  readonly initialLocation: PortalLocation;
  /** The router around `children`: the URL hash in the storefront, memory in tests. */
  wrap(children: ReactNode): ReactElement;
  navigate(to: To | number, options?: NavigateOptions): void;
  location(): PortalLocation;
}

function locationOf(path: string): PortalLocation {
  const { pathname, search } = parsePath(path || '/');
  return { pathname: pathname || '/', search: search ?? '' };
}

function createRouterHandle(initialPath: string, fallbackNavigate: (to: To | number) => void, Router: (props: { children: ReactNode }) => ReactElement): PortalRouter {
  const initialLocation = locationOf(initialPath);
  let current = initialLocation;
  let navigateInRouter: NavigateFunction | null = null;

  // Inside the router: hands its navigate function and location out to the handle.
  function RouterBridge() {
    const navigate = useNavigate();
    const { pathname, search } = useLocation();
    current = { pathname, search };
    useLayoutEffect(() => {
      navigateInRouter = navigate;
      return () => {
        if (navigateInRouter === navigate) navigateInRouter = null;
      };
    }, [navigate]);
    return null;
  }

  return {
    initialLocation,
    wrap: (children) => (
      <Router>
        <RouterBridge />
        {children}
      </Router>
    ),
    navigate(to, options) {
      if (!navigateInRouter) return fallbackNavigate(to);
      if (typeof to === 'number') void navigateInRouter(to);
      else void navigateInRouter(to, options);
    },
    location: () => current,
  };
}

/** The portal's routes, for inside `PortalRouter.wrap`. */
export function PortalRoutes() {
  return useRoutes(portalRoutes);
}

/** The storefront's router: the portal's route lives in the URL hash (`#/login`), as the spec's links expect. */
export function createHashPortalRouter(): PortalRouter {
  const hashPath = window.location.hash.replace(/^#/, '');
  return createRouterHandle(
    hashPath,
    (to) => {
      if (typeof to === 'number') window.history.go(to);
      else window.location.hash = typeof to === 'string' ? to : `${to.pathname ?? '/'}${to.search ?? ''}${to.hash ?? ''}`;
    },
    ({ children }) => <HashRouter>{children}</HashRouter>,
  );
}

/** A router in memory (tests). */
export function createMemoryPortalRouter(initialPath: string): PortalRouter {
  return createRouterHandle(initialPath, () => undefined, ({ children }) => (
    <MemoryRouter initialEntries={[initialPath]}>{children}</MemoryRouter>
  ));
}
