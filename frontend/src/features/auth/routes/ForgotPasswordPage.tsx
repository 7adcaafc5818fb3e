import { useSearchParams } from 'react-router';

import { NewPasswordForm } from '../components/NewPasswordForm';
import { RequestResetForm } from '../components/RequestResetForm';

/**
 * `/forgotpassword` (shell §2; the screen is ours): without parameters — or with the storefront's
 * `action=reset_password` — it asks for the e-mail address; the e-mailed link adds `uid` and `token` and it
 * asks for the new password. A user added by their company admin gets the same link with `invited=1` (issue 16)
 * and is welcomed to choose their first password.
 */
export function ForgotPasswordPage() {
  const [search] = useSearchParams();
  const uid = search.get('uid');
  const token = search.get('token');
  // Keyed: a second link opened while the page is open starts from a clean form.
  return uid && token ? (
    <NewPasswordForm key={`${uid}:${token}`} uid={uid} token={token} invited={search.get('invited') === '1'} />
  ) : (
    <RequestResetForm />
  );
}
