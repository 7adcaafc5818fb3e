// shell §2 hash routes, shared by the router (app/) and the features that link or redirect to them.
export const ROUTE_PATHS = {
  landing: '/',
  login: '/login',
  accountSettings: '/accountSettings',
} as const;

/** shell §2 login flags: 3 signed out, 6 session lost, 7 invoice link without a company account. */
export type LoginFlag = 3 | 6 | 7;

export function loginPath(flag?: LoginFlag, options: { showTip?: boolean } = {}): string {
  const search = new URLSearchParams();
  if (flag !== undefined) search.set('loginFlag', String(flag));
  if (options.showTip === false) search.set('showTip', 'false');
  const query = search.toString();
  return query ? `${ROUTE_PATHS.login}?${query}` : ROUTE_PATHS.login;
}

/** Where a signed-in user lands until the role-based landing of shell §2 exists. */
export const SIGNED_IN_LANDING_PATH = ROUTE_PATHS.accountSettings;
