import { StorefrontSignInError } from '../../lib/auth/storefrontSession';
import type { FieldErrorTexts } from '../../lib/fieldErrors';
import { GraphQLRequestError } from '../../lib/graphql';
import type { MessageKey } from '../../lib/i18n/keys';
import type { authMessages } from './messages';

export type SignInFailure =
  | { kind: 'message'; key: MessageKey<typeof authMessages> }
  /** shell §2: the account must set a new password first — the page links to the reset. */
  | { kind: 'passwordResetRequired' }
  /**
   * Issue 40: the account's company signs its people in with its identity provider only; `startUrl` (a path of the
   * API's site) starts there, when the refusal says it.
   */
  | { kind: 'ssoRequired'; providerName: string; startUrl: string | null }
  | { kind: 'fields'; fields: Partial<Record<'email' | 'password', string>> }
  /** Anything else: the common texts (network, unknown) or the server's own message. */
  | { kind: 'other'; error: unknown };

/** The texts a refusal adds beside its code: the storefront's (REST) or the API's `login` (GraphQL). */
function refusalExtensions(error: unknown): Readonly<Record<string, string | undefined>> {
  if (error instanceof StorefrontSignInError) return error.extensions;
  if (error instanceof GraphQLRequestError) {
    const extensions = error.errors[0]?.extensions ?? {};
    return Object.fromEntries(Object.entries(extensions).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
  return {};
}

/**
 * Maps a failed sign-in to what the page shows, by code — never by the server's English message. `fieldTexts`
 * translates field errors (`useFieldErrorTexts()`).
 */
export function signInFailure(error: unknown, fieldTexts: (error: unknown) => FieldErrorTexts): SignInFailure {
  const code = error instanceof StorefrontSignInError || error instanceof GraphQLRequestError ? error.code : undefined;
  switch (code) {
    case 'INVALID_CREDENTIALS':
      return { kind: 'message', key: 'login.error.invalidCredentials' };
    case 'TOO_MANY_ATTEMPTS':
      return { kind: 'message', key: 'login.error.tooManyAttempts' };
    // Issue 13: the supplier's staff sign in to Django admin, not to the storefront or the portal.
    case 'STAFF_ACCOUNT':
      return { kind: 'message', key: 'login.error.staffAccount' };
    case 'PASSWORD_RESET_REQUIRED':
      return { kind: 'passwordResetRequired' };
    case 'SSO_REQUIRED': {
      const extensions = refusalExtensions(error);
      return { kind: 'ssoRequired', providerName: extensions.providerName ?? '', startUrl: extensions.startUrl || null };
    }
    // The storefront signed in but the hand-over failed (shell §4: a failed customer JWT fetch abandons login), or
    // refused the request itself (PERMISSION_DENIED: its CSRF check, docs/api.md "REST edges").
    case 'SIGN_IN_INCOMPLETE':
    case 'PERMISSION_DENIED':
    case 'INVALID_CUSTOMER_TOKEN':
    case 'UNEXPECTED_RESPONSE':
      return { kind: 'message', key: 'login.error.incomplete' };
    default:
      break;
  }
  const fields: Partial<Record<'email' | 'password', string>> = {};
  for (const [path, text] of Object.entries(fieldTexts(error))) {
    const field = path.split('.').pop();
    if (field === 'email' || field === 'password') fields[field] = text;
  }
  if (Object.keys(fields).length > 0) return { kind: 'fields', fields };
  if (error instanceof StorefrontSignInError && error.code === 'NETWORK_ERROR') {
    return { kind: 'other', error: new GraphQLRequestError(error.message, { code: 'NETWORK_ERROR' }) };
  }
  return { kind: 'other', error };
}
