import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';

import { TextInput } from '../../../components/TextInput';
import { useErrorText } from '../../../lib/errorText';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { isValidEmail } from '../../../lib/validation';
import { useRequestPasswordReset } from '../api/requestPasswordReset';
import { authMessages } from '../messages';
import { AuthCard } from './AuthCard';
import { LinkRow } from './LinkRow';

const Form = styled('form')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(2.5) }));

/** Step 1 of a password reset: the e-mail address. The answer is the same whether or not the account exists. */
export function RequestResetForm() {
  const t = useMessages(authMessages);
  const errorText = useErrorText();
  const fieldTexts = useFieldErrorTexts();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const clientError = !submitted ? null : !email.trim() ? t('login.email.required') : !isValidEmail(email) ? t('login.email.invalid') : null;
  const emailError = clientError ?? serverError;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (request.isPending) return;
    setSubmitted(true);
    setServerError(null);
    setFormError(null);
    if (!email.trim() || !isValidEmail(email)) return emailRef.current?.focus();
    request.mutate(email.trim(), {
      onSuccess: (message) => setSentMessage(message),
      onError: (error) => {
        const emailText = fieldTexts(error).email;
        if (emailText) setServerError(emailText);
        else setFormError(errorText(error));
      },
    });
  };

  const backToSignIn = (
    <LinkRow>
      <Link component={RouterLink} to={ROUTE_PATHS.login}>
        {t('forgot.backToSignIn')}
      </Link>
    </LinkRow>
  );

  if (sentMessage !== null) {
    return (
      <AuthCard title={t('forgot.title')}>
        <Alert severity="success" role="status">
          {sentMessage}
        </Alert>
        {backToSignIn}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <Form noValidate onSubmit={submit} aria-label={t('forgot.title')}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <TextInput
          inputRef={emailRef}
          label={t('login.email')}
          name="email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setServerError(null);
          }}
          error={Boolean(emailError)}
          helperText={emailError}
          disabled={request.isPending}
        />
        <Button type="submit" variant="contained" size="large" loading={request.isPending} disabled={request.isPending}>
          {t('forgot.submit')}
        </Button>
        {backToSignIn}
      </Form>
    </AuthCard>
  );
}
