import { ROUTES_WITH_PAGES, ROUTE_PATHS } from '../lib/routePaths';

// shell §2 "Redirects and link handling": storefront links that have a portal page open the portal instead.
// Only routes whose pages exist are targets; any other link is left alone.

const LEGACY_ACCOUNT_ACTIONS: Readonly<Record<string, string>> = {
  order_status: ROUTE_PATHS.orders,
  address_book: ROUTE_PATHS.addresses,
  account_details: ROUTE_PATHS.accountSettings,
};

/** Account links the portal replaces with nothing (shell §2: returns, inbox and recent items are removed). */
const REMOVED_ACCOUNT_ACTIONS = ['view_returns', 'inbox', 'recent_items'];

const LOGIN_PAGES = /\/(login\.php|login\/?)$/;
const LOGOUT_PAGES = /\/(logout\.php|logout\/?)$/;

function hasPage(hash: string): boolean {
  const path = hash.slice(1).split('?')[0] ?? '';
  return (ROUTES_WITH_PAGES as readonly string[]).includes(path);
}

function portalRoute(url: URL): { path: string; search: URLSearchParams } | null {
  const route = url.hash.slice(1);
  if (!route.startsWith('/')) return null;
  const [path = '', query = ''] = route.split('?');
  return { path, search: new URLSearchParams(query) };
}

/**
 * The portal hash (`#/…`) a click on `href` should open instead of following it, or null to leave the link
 * alone. `pageUrl` is the storefront page's URL; `signedIn` whether a B2B session exists.
 */
export function portalTargetFor(href: string | null, pageUrl: string, signedIn: boolean): string | null {
  if (href === null) return null;
  let url: URL;
  let page: URL;
  try {
    page = new URL(pageUrl);
    url = new URL(href, page);
  } catch {
    return null;
  }
  if (url.origin !== page.origin) return null;
  const action = url.searchParams.get('action');
  let target: string | null = null;

  if (url.pathname.endsWith('/account.php') && action) {
    const path = LEGACY_ACCOUNT_ACTIONS[action];
    target = path ? `#${path}` : null;
  } else if (LOGOUT_PAGES.test(url.pathname) || (LOGIN_PAGES.test(url.pathname) && action === 'logout')) {
    target = '#/login?loginFlag=3';
  } else if (LOGIN_PAGES.test(url.pathname)) {
    if (action === 'create_account') target = '#/register?action=create_account';
    else if (action === 'reset_password') target = '#/forgotpassword?action=reset_password';
    // A signed-in user has no use for a sign-in page: their orders (the portal then applies its landing rule).
    else target = signedIn ? '#/orders' : '#/login';
    if (signedIn && target === '#/orders' && !hasPage(target)) target = '#/login';
  } else {
    const route = portalRoute(url);
    const samePage = url.pathname === page.pathname && url.search === page.search;
    if (samePage && href.trim().endsWith('#') && url.hash === '') {
      // A link to the empty hash: guests are asked to sign in.
      target = signedIn ? null : '#/login';
    } else if (signedIn && route?.path === ROUTE_PATHS.login && !route.search.has('loginFlag') && route.search.get('action') !== 'create_account') {
      // A signed-in user following a link to the sign-in page goes to their orders (shell §2); the portal lands
      // them elsewhere when they may not see orders.
      target = '#/orders';
    }
  }
  return target && hasPage(target) ? target : null;
}

/** Whether the element is part of a search box: search clicks are the storefront's own. */
export function isInSearch(element: Element): boolean {
  if (element.closest('[role="search"]')) return true;
  const container = element.closest('form') ?? element.parentElement;
  return Boolean(container?.querySelector('input[type="search"]'));
}

/** Removes the storefront's returns, inbox and recent-items links (and a list item left empty by it). */
export function removeStorefrontLinks(doc: Document): number {
  let removed = 0;
  doc.querySelectorAll<HTMLAnchorElement>('a[href*="account.php"]').forEach((anchor) => {
    let action: string | null = null;
    try {
      action = new URL(anchor.href, doc.baseURI).searchParams.get('action');
    } catch {
      return;
    }
    if (!action || !REMOVED_ACCOUNT_ACTIONS.includes(action)) return;
    const item = anchor.closest('li');
    anchor.remove();
    if (item && item.textContent?.trim() === '' && !item.querySelector('a, button, input')) item.remove();
    removed += 1;
  });
  return removed;
}

/** Watches clicks on the storefront page and opens the portal for the links it handles. */
export function installLinkHandling(doc: Document, win: Window, signedIn: () => boolean): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const element = event.target instanceof Element ? event.target : null;
    const anchor = element?.closest<HTMLAnchorElement>('a[href]');
    if (!anchor || isInSearch(anchor) || anchor.hasAttribute('download')) return;
    if (anchor.target && anchor.target !== '_self') return;
    const target = portalTargetFor(anchor.getAttribute('href'), win.location.href, signedIn());
    if (!target) return;
    event.preventDefault();
    win.location.hash = target;
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
