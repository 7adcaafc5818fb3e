import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { signInWithPassword, signOutEverywhere } from '../../../lib/auth/signIn';
import { hoverFillOf, textColorOn } from '../../../lib/color';
import { TextInput } from '../../../components/TextInput';
import { useErrorText } from '../../../lib/errorText';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { fetchCustomerInfo, type CustomerInfo } from '../../../lib/user/customerInfo';
import { isValidEmail } from '../../../lib/validation';
import { mustResetPassword } from '../api/userLoginState';
import { authMessages } from '../messages';
import { signInFailure } from '../signInErrors';
import { LinkRow } from './LinkRow';

type AuthMessageKey = MessageKey<typeof authMessages>;
type Field = 'email' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

interface Values {
  email: string;
  password: string;
}

const Form = styled('form')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2.5),
}));

// The store's colour fills the button; its text is black or white by business §9, and hovering moves the fill away
// from that text, so the contrast never drops.
const SubmitButton = styled(Button, { shouldForwardProp: (prop) => prop !== 'storeColor' })<{ storeColor: string | null }>(
  ({ storeColor }) =>
    storeColor
      ? {
          backgroundColor: storeColor,
          color: textColorOn(storeColor),
          '&:hover': { backgroundColor: hoverFillOf(storeColor) },
        }
      : {},
);

function validate(values: Values): Partial<Record<Field, AuthMessageKey>> {
  const errors: Partial<Record<Field, AuthMessageKey>> = {};
  if (!values.email.trim()) errors.email = 'login.email.required';
  else if (!isValidEmail(values.email)) errors.email = 'login.email.invalid';
  if (!values.password) errors.password = 'login.password.required';
  return errors;
}

export interface SignInFormProps {
  /** The signed-in customer with the session's token: the page starts the session. */
  onSignedIn(token: string, customer: CustomerInfo): void;
  /** The store's colour for the button (`login_page_button`), when it has one. */
  buttonColor?: string | null;
}

/**
 * shell §2 sign-in: e-mail and password, checked here first, then the storefront signs in and the overlay
 * exchanges the session for a B2B token (ARCHITECTURE §8), then loads the customer.
 */
export function SignInForm({ onSignedIn, buttonColor = null }: SignInFormProps) {
  const t = useMessages(authMessages);
  const errorText = useErrorText();
  const fieldTexts = useFieldErrorTexts();
  const client = useGraphQLClient();
  const config = usePortalConfig();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<ReactNode>(null);
  const [resetWarning, setResetWarning] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const signIn = useMutation({
    mutationFn: async ({ email, password }: Values) => {
      const token = await signInWithPassword({ client, config }, email, password);
      try {
        return { token, customer: await fetchCustomerInfo(client, { token, suppressErrorToast: true }) };
      } catch (error) {
        // No customer, no session (shell §4): the new token and storefront session are given back.
        await signOutEverywhere({ client, config }, token);
        throw error;
      }
    },
  });

  const clientErrors = submitted ? validate(values) : {};
  const fieldError = (field: Field): string | undefined => {
    const key = clientErrors[field];
    return key ? t(key) : serverErrors[field];
  };

  const resetLink = (
    <Link component={RouterLink} to={ROUTE_PATHS.forgotPassword} color="inherit" underline="always">
      {t('login.resetPassword')}
    </Link>
  );

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'email') setResetWarning(false);
  };

  // userLoginState: warn before submitting when the account must set a new password first.
  const checkLoginState = () => {
    const email = values.email.trim();
    if (!isValidEmail(email)) return;
    void mustResetPassword(client, email).then((required) => setResetWarning(required));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (signIn.isPending) return;
    setSubmitted(true);
    setFormError(null);
    setServerErrors({});
    const errors = validate(values);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ token, customer }) => onSignedIn(token, customer),
        onError: (error) => {
          const failure = signInFailure(error, fieldTexts);
          switch (failure.kind) {
            case 'message':
              return setFormError(t(failure.key));
            case 'passwordResetRequired':
              setResetWarning(false);
              return setFormError(
                <>
                  {t('login.error.passwordResetRequired')} {resetLink}
                </>,
              );
            case 'fields':
              return setServerErrors(failure.fields);
            case 'other':
              return setFormError(errorText(failure.error));
          }
        },
      },
    );
  };

  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <Form noValidate onSubmit={submit} aria-label={t('login.title')}>
      {formError && <Alert severity="error">{formError}</Alert>}
      {resetWarning && !formError && (
        <Alert severity="warning">
          {t('login.error.passwordResetRequired')} {resetLink}
        </Alert>
      )}
      <TextInput
        inputRef={emailRef}
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={change('email')}
        onBlur={checkLoginState}
        error={Boolean(emailError)}
        helperText={emailError}
        disabled={signIn.isPending}
      />
      <TextInput
        inputRef={passwordRef}
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={values.password}
        onChange={change('password')}
        error={Boolean(passwordError)}
        helperText={passwordError}
        disabled={signIn.isPending}
      />
      <SubmitButton
        type="submit"
        variant="contained"
        size="large"
        storeColor={buttonColor}
        loading={signIn.isPending}
        disabled={signIn.isPending}
      >
        {t('login.submit')}
      </SubmitButton>
      <LinkRow>
        <Link component={RouterLink} to={ROUTE_PATHS.forgotPassword}>
          {t('login.forgotPassword')}
        </Link>
      </LinkRow>
    </Form>
  );
}
