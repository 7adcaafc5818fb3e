/**
 * Whether a location hash names a portal route. Portal routes are hash paths (`#/login`, `#/orders?x=1`);
 * the empty hash, `#` and `#/` (the blank landing of shell §2) mean the storefront page itself. Plain
 * in-page anchors such as `#reviews` belong to the storefront and do not open the portal.
 */
export function isPortalHash(hash: string): boolean {
  const route = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!route.startsWith('/')) return false;
  const path = route.split(/[?#]/, 1)[0] ?? '';
  return path !== '/' && path.replace(/\/+$/, '') !== '';
}
