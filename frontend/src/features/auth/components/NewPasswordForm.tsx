import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { TextInput } from '../../../components/TextInput';
import { useErrorText } from '../../../lib/errorText';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { commonMessages } from '../../../lib/messages';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { getB2BToken } from '../../../lib/session';
import { useSessionActions } from '../../../lib/useSessionActions';
import { meetsPasswordRule } from '../../../lib/validation';
import { usePasswordResetLinkValid } from '../api/passwordResetLinkValid';
import { useResetPassword } from '../api/resetPassword';
import type { LoginPageState } from '../loginNotice';
import { authMessages } from '../messages';
import { AuthCard } from './AuthCard';
import { LinkRow } from './LinkRow';

const Form = styled('form')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(2.5) }));

type Field = 'password' | 'confirmation';

/**
 * Step 2 of a password reset, from the e-mailed link (`#/forgotpassword?uid=…&token=…`); with `invited` (the
 * invitation of a user their company admin added, `&invited=1`) the same form greets them and sets their first
 * password.
 */
export function NewPasswordForm({ uid, token, invited = false }: { uid: string; token: string; invited?: boolean }) {
  const t = useMessages(authMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const fieldTexts = useFieldErrorTexts();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const linkCheck = usePasswordResetLinkValid(uid, token);
  const { endSession } = useSessionActions();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmation: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [linkInvalid, setLinkInvalid] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  // shell §5: at least 7 characters with a digit and a letter — the server checks it again.
  const errors: Partial<Record<Field, string>> = {};
  if (submitted) {
    if (!values.password) errors.password = common('validation.password.required');
    else if (!meetsPasswordRule(values.password)) errors.password = common('validation.password.rule');
    if (values.password && values.confirmation !== values.password) errors.confirmation = common('validation.password.mismatch');
  }
  const passwordError = errors.password ?? serverError ?? undefined;

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field === 'password') setServerError(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reset.isPending) return;
    setSubmitted(true);
    setServerError(null);
    setFormError(null);
    const password = values.password;
    if (!password || !meetsPasswordRule(password)) return passwordRef.current?.focus();
    if (values.confirmation !== password) return confirmationRef.current?.focus();
    reset.mutate(
      { uid, token, newPassword: password },
      {
        onSuccess: () => {
          // A new password ends every session of the account on the server; this one ends here too.
          if (getB2BToken()) endSession();
          const state: LoginPageState = { notice: invited ? 'invitationAccepted' : 'passwordChanged' };
          navigate(ROUTE_PATHS.login, { replace: true, state });
        },
        onError: (error) => {
          if (error instanceof GraphQLRequestError && error.code === 'INVALID_RESET_LINK') return setLinkInvalid(true);
          const texts = fieldTexts(error);
          const passwordText = texts.password ?? texts.newPassword;
          if (passwordText) setServerError(passwordText);
          else setFormError(errorText(error));
        },
      },
    );
  };

  const title = invited ? t('forgot.invited.title') : t('forgot.newPassword.title');

  if (linkCheck.isPending) {
    return (
      <AuthCard title={title}>
        <CircularProgress aria-label={t('forgot.checkingLink')} sx={{ alignSelf: 'center' }} />
      </AuthCard>
    );
  }

  // A used invitation (its password chosen since) most likely belongs to someone who can now sign in: that comes first.
  if (linkInvalid || linkCheck.data === false) {
    return (
      <AuthCard title={title}>
        <Alert severity={invited ? 'info' : 'error'}>{invited ? t('forgot.invited.invalidLink') : t('forgot.invalidLink')}</Alert>
        {invited && (
          <Button component={RouterLink} to={ROUTE_PATHS.login} variant="contained" size="large">
            {t('forgot.invited.signIn')}
          </Button>
        )}
        <Button component={RouterLink} to={ROUTE_PATHS.forgotPassword} variant={invited ? 'outlined' : 'contained'} size="large">
          {t('forgot.requestNewLink')}
        </Button>
        {!invited && (
          <LinkRow>
            <Link component={RouterLink} to={ROUTE_PATHS.login}>
              {t('forgot.backToSignIn')}
            </Link>
          </LinkRow>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={title} intro={invited ? t('forgot.invited.intro') : t('forgot.newPassword.intro')}>
      <Form noValidate onSubmit={submit} aria-label={title}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextInput
          inputRef={passwordRef}
          label={t('forgot.newPassword')}
          name="new-password"
          type="password"
          autoComplete="new-password"
          required
          value={values.password}
          onChange={change('password')}
          error={Boolean(passwordError)}
          helperText={passwordError ?? common('validation.password.rule')}
          disabled={reset.isPending}
        />
        <TextInput
          inputRef={confirmationRef}
          label={t('forgot.confirmPassword')}
          name="confirm-password"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmation}
          onChange={change('confirmation')}
          error={Boolean(errors.confirmation)}
          helperText={errors.confirmation}
          disabled={reset.isPending}
        />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending} disabled={reset.isPending}>
          {invited ? t('forgot.invited.submit') : t('forgot.newPassword.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
