import { graphqlOperation, type GraphQLClient } from '../../../lib/graphql';
import type { SsoSignInQuery, SsoSignInQueryVariables } from '../../../lib/graphqlTypes.generated';
import { isValidEmail } from '../../../lib/validation';

// Issue 40 (docs/sso.md): an e-mail address whose domain belongs to a company with its own identity provider signs
// in there. `ssoSignIn` answers for the domain (never for an account): null, or where the browser starts.

export const SSO_SIGN_IN = graphqlOperation<SsoSignInQuery, SsoSignInQueryVariables>(/* GraphQL */ `
  query SsoSignIn($email: String!, $next: String) {
    ssoSignIn(email: $email, next: $next) {
      required
      startUrl
      providerName
    }
  }
`);

export type SsoSignIn = NonNullable<SsoSignInQuery['ssoSignIn']>;

/** The lower-case domain of a complete e-mail address, else null: what `ssoSignIn`'s answer depends on. */
export function ssoDomainOf(email: string): string | null {
  const address = email.trim();
  if (!isValidEmail(address)) return null;
  return address.slice(address.lastIndexOf('@') + 1).toLowerCase();
}

/** The answer for an address; a failed request (the network, a server without it) is treated as "no provider". */
export function fetchSsoSignIn(client: GraphQLClient, email: string, next: string, signal?: AbortSignal): Promise<SsoSignIn | null> {
  return client.request(SSO_SIGN_IN, { email: email.trim(), next }, { signal, suppressErrorToast: true }).then((data) => data.ssoSignIn ?? null);
}

/**
 * Where the provider sends the buyer back: this page, with the overlay on `route` (the sign-in page, without its
 * query: `loginFlag=3` there would sign the new session out again). Back there, start-up takes the storefront session
 * over (`exchangeStorefrontSession`) and the route gate sends the buyer where a password sign-in lands. `next` must be
 * a path of the API's site (docs/sso.md): on a storefront of another origin the full address is sent, which the
 * server answers with its own "/" until it accepts the storefront's origins.
 */
export function ssoReturnUrl(apiOrigin: string, route: string, location: Pick<Location, 'origin' | 'pathname' | 'search' | 'href'> = window.location): string {
  const page = `${location.pathname}${location.search}#${route}`;
  const sameOrigin = new URL(apiOrigin, location.href).origin === location.origin;
  return sameOrigin ? page : `${location.origin}${page}`;
}

/**
 * The address of the provider's start page: `startUrl` is a path of the API's site. With `next`, it replaces the one
 * `startUrl` carries (an SSO_REQUIRED refusal's start page leads back to "/").
 */
export function ssoStartHref(startUrl: string, apiOrigin: string, next?: string): string {
  const url = new URL(startUrl, new URL(apiOrigin, window.location.href));
  if (next !== undefined) url.searchParams.set('next', next);
  return url.href;
}

/**
 * Leaving the page for the identity provider: the whole sign-in goes through the browser. Behind an object so that
 * tests can replace it: jsdom's `window.location.assign` can be neither redefined nor followed.
 */
export const ssoNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
