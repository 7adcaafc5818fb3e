import type { MessageKey } from '../../lib/i18n/keys';
import type { authMessages } from './messages';

export interface LoginNotice {
  severity: 'info' | 'warning' | 'success';
  message: MessageKey<typeof authMessages>;
}

/** What another page tells the sign-in page through the navigation state. */
export interface LoginPageState {
  /** A password set through the reset link, or an invited user's first password (issue 16); a guest who never
   * signed in sent here from a protected page (issue 36: not "You have been signed out"). */
  notice?: 'passwordChanged' | 'invitationAccepted' | 'signInRequired';
}

/**
 * shell §2 login flags: 3 signed out (no tip when showTip=false, as after an expired session whose message is
 * already shown), 6 session lost, 7 an invoice link opened by a guest (issue 36: a signed-in user keeps their
 * session). A new password set through the reset link is confirmed here too, and a guest who never signed in is
 * asked to sign in rather than told they were signed out.
 */
export function loginNoticeFor(search: URLSearchParams, state?: unknown): LoginNotice | null {
  const notice = (state as LoginPageState | null | undefined)?.notice;
  if (notice === 'passwordChanged') return { severity: 'success', message: 'login.notice.passwordChanged' };
  if (notice === 'invitationAccepted') return { severity: 'success', message: 'login.notice.invitationAccepted' };
  if (notice === 'signInRequired') return { severity: 'info', message: 'login.notice.signInRequired' };
  switch (search.get('loginFlag')) {
    case '3':
      return search.get('showTip') === 'false' ? null : { severity: 'info', message: 'login.flag.signedOut' };
    case '6':
      return { severity: 'warning', message: 'login.flag.sessionLost' };
    case '7':
      return { severity: 'warning', message: 'login.flag.invoiceNeedsCompany' };
    default:
      return null;
  }
}
