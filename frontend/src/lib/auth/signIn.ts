import type { PortalConfig } from '../config';
import type { GraphQLClient } from '../graphql';
import { noteSignInMasquerade } from '../user/joinedMasquerade';
import { AUTHORIZATION } from './authorization';
import { LOGOUT } from './logout';
import { StorefrontSignInError, fetchCustomerJwt, storefrontSignIn, storefrontSignOut } from './storefrontSession';

// ARCHITECTURE §8 sign-in: the storefront signs the customer in (its own session: cart, checkout), then the
// overlay exchanges the signed-in customer's JWT for a B2B token.

export interface AuthContext {
  client: GraphQLClient;
  config: Pick<PortalConfig, 'apiOrigin' | 'channelId' | 'appClientId'>;
  fetch?: typeof fetch;
}

/**
 * Step (c): the B2B token for a customer JWT. Errors reach the caller without a toast. A super admin's masquerade
 * still open elsewhere, which the new token joins, is noted for the notice on arrival (issue 36).
 */
export async function exchangeCustomerJwt({ client, config }: AuthContext, jwt: string): Promise<string> {
  const data = await client.request(
    AUTHORIZATION,
    { authData: { bcToken: jwt, channelId: config.channelId } },
    { suppressErrorToast: true },
  );
  noteSignInMasquerade(data.authorization.result.masquerade ?? null);
  return data.authorization.result.token;
}

/**
 * Steps (a)–(c) with an e-mail and a password; resolves with the B2B token. A failed JWT fetch abandons the
 * sign-in (shell §4) with code SIGN_IN_INCOMPLETE.
 */
export async function signInWithPassword(context: AuthContext, email: string, password: string): Promise<string> {
  const { config } = context;
  await storefrontSignIn({ apiOrigin: config.apiOrigin, fetch: context.fetch }, email, password);
  let jwt: string | null;
  try {
    jwt = await fetchCustomerJwt({ apiOrigin: config.apiOrigin, fetch: context.fetch, appClientId: config.appClientId, channelId: config.channelId });
  } catch (error) {
    console.error('[b2b-portal] customer JWT fetch failed', error);
    jwt = null;
  }
  if (!jwt) throw new StorefrontSignInError('SIGN_IN_INCOMPLETE', 'The storefront did not hand over the session.');
  return exchangeCustomerJwt(context, jwt);
}

/**
 * A customer already signed in on the storefront (its own /login/ page) arrives signed in: exchange that session
 * silently. Null when nobody is signed in there or the hand-over fails (the portal then starts as a guest).
 */
export async function exchangeStorefrontSession(context: AuthContext, signal?: AbortSignal): Promise<string | null> {
  const { config } = context;
  try {
    const jwt = await fetchCustomerJwt({
      apiOrigin: config.apiOrigin,
      fetch: context.fetch,
      appClientId: config.appClientId,
      channelId: config.channelId,
      signal,
    });
    return jwt ? await exchangeCustomerJwt(context, jwt) : null;
  } catch (error) {
    console.error('[b2b-portal] could not take over the storefront session', error);
    return null;
  }
}

/**
 * Signs out everywhere: revokes the B2B token (`logout`) and ends the storefront session (`POST /logout/`), in
 * parallel. Never rejects: the caller ends the session locally whatever the server says.
 */
export async function signOutEverywhere({ client, config, fetch }: AuthContext, token: string | null): Promise<void> {
  await Promise.all([
    token
      ? client.request(LOGOUT, {}, { token, suppressErrorToast: true }).catch(() => undefined)
      : Promise.resolve(undefined),
    storefrontSignOut({ apiOrigin: config.apiOrigin, fetch }),
  ]);
}
