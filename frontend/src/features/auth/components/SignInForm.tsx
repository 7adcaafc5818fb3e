import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';

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
import { ssoDomainOf, ssoNavigation, ssoReturnUrl, ssoStartHref } from '../api/ssoSignIn';
import { mustResetPassword } from '../api/userLoginState';
import { authMessages } from '../messages';
import { signInFailure } from '../signInErrors';
import { useSsoLookup } from '../useSsoLookup';
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

// Issue 40: the organisation's sign-in, between the address and the password. Empty, it stays in the page (a live
// region must be there before what it announces) but takes no room: its margin takes back the form's gap.
const SsoPanel = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
  '&:empty': { marginTop: theme.spacing(-2.5) },
}));

// The field's end while its domain is asked about (a plain slot: MUI's InputAdornment would add a chunk to the first
// route, issue 14 §5).
const CheckingSlot = styled('span')(({ theme }) => ({ display: 'flex', marginLeft: theme.spacing(1) }));

// "or sign in with your password" between two rules.
const OrRule = styled('p')(({ theme }) => ({
  margin: 0,
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(2),
  ...theme.typography.body2,
  color: theme.palette.text.secondary,
  '&::before, &::after': { content: '""', flex: 1, borderTop: `1px solid ${theme.palette.divider}` },
}));

const SsoText = styled('p')(({ theme }) => ({ margin: 0, ...theme.typography.body2, overflowWrap: 'anywhere' }));

// A provider's name may be long: the button's text wraps rather than overflowing a phone's width.
const SsoButtonText = styled('span')({ whiteSpace: 'normal', overflowWrap: 'anywhere' });

function validate(values: Values, passwordNeeded: boolean): Partial<Record<Field, AuthMessageKey>> {
  const errors: Partial<Record<Field, AuthMessageKey>> = {};
  if (!values.email.trim()) errors.email = 'login.email.required';
  else if (!isValidEmail(values.email)) errors.email = 'login.email.invalid';
  if (passwordNeeded && !values.password) errors.password = 'login.password.required';
  return errors;
}

/** Issue 40: where the organisation's sign-in is offered, and whether it is the only way in. */
interface SsoOffer {
  providerName: string;
  /** The provider's start page; null when the server did not say it (the message is shown without the button). */
  href: string | null;
  /** Passwords are refused: the password field and the password sign-in are left out. */
  only: boolean;
  /** The domain the offer was answered for; null for a refused password sign-in (the account's company). */
  domain: string | null;
}

/** A password sign-in refused with SSO_REQUIRED (until the address is changed). */
interface SsoRefusal {
  providerName: string;
  startUrl: string | null;
}

export interface SignInFormProps {
  /** The signed-in customer with the session's token: the page starts the session. */
  onSignedIn(token: string, customer: CustomerInfo): void;
  /** The store's colour for the button (`login_page_button`), when it has one. */
  buttonColor?: string | null;
}

/**
 * shell §2 sign-in: e-mail and password, checked here first, then the storefront signs in and the overlay
 * exchanges the session for a B2B token (ARCHITECTURE §8), then loads the customer. Issue 40: an address whose company
 * signs in with its identity provider is offered "Continue with <provider>" (the only way in when the company requires
 * it); the browser goes there and comes back to this page signed in on the storefront, which start-up takes over.
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
  const [ssoRefusal, setSsoRefusal] = useState<SsoRefusal | null>(null);
  // Asking about the address before a password sign-in, and leaving for the provider.
  const [checkingBeforeSignIn, setCheckingBeforeSignIn] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  // The form's element that last had the focus: when an answer removes it (the password field, SIGN IN), the focus
  // goes on to the organisation's button instead of being lost.
  const lastFocused = useRef<HTMLElement | null>(null);
  const route = useLocation().pathname;
  const next = useMemo(() => ssoReturnUrl(config.apiOrigin, route), [config.apiOrigin, route]);
  const sso = useSsoLookup(values.email, next);

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

  const offer: SsoOffer | null = ssoRefusal
    ? {
        providerName: ssoRefusal.providerName,
        href: ssoRefusal.startUrl ? ssoStartHref(ssoRefusal.startUrl, config.apiOrigin, next) : null,
        only: true,
        domain: null,
      }
    : sso.answer
      ? {
          providerName: sso.answer.providerName,
          href: ssoStartHref(sso.answer.startUrl, config.apiOrigin),
          only: sso.answer.required,
          domain: ssoDomainOf(values.email),
        }
      : null;
  const ssoOnly = offer?.only ?? false;
  const busy = signIn.isPending || checkingBeforeSignIn || leaving;

  useEffect(() => {
    const element = lastFocused.current;
    if (ssoOnly && element && !element.isConnected) continueRef.current?.focus();
  }, [ssoOnly]);

  // Back from the provider's page through the browser's history (a page kept whole): the button works again.
  useEffect(() => {
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);

  const continueWithSso = (href: string) => {
    setLeaving(true);
    ssoNavigation.assign(href);
  };

  const clientErrors = submitted ? validate(values, !ssoOnly) : {};
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
    if (field === 'email') {
      setResetWarning(false);
      // A refusal is about the address it was refused for: another address may sign in with a password again.
      if (ssoRefusal) {
        setSsoRefusal(null);
        setFormError(null);
      }
    }
  };

  // userLoginState: warn before submitting when the account must set a new password first; and (issue 40) ask at
  // once whether the address signs in with its organisation.
  const leaveEmail = () => {
    sso.askNow();
    const email = values.email.trim();
    if (!isValidEmail(email)) return;
    void mustResetPassword(client, email).then((required) => setResetWarning(required));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setServerErrors({});
    if (validate(values, false).email) {
      setFormError(null);
      return emailRef.current?.focus();
    }
    // Enter in the address of an organisation that requires its sign-in: on to it (a refusal's message stays).
    if (ssoOnly) {
      if (offer?.href) continueWithSso(offer.href);
      return;
    }
    setFormError(null);
    // Before a password goes anywhere: is this an address that signs in with its organisation only?
    let answer = sso.answer;
    if (answer === undefined) {
      setCheckingBeforeSignIn(true);
      answer = await sso.resolve();
      setCheckingBeforeSignIn(false);
    }
    // The form now offers the organisation's sign-in only; the focus moves to it (the effect above).
    if (answer?.required) return;
    if (validate(values, true).password) return passwordRef.current?.focus();

    signIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onSuccess: ({ token, customer }) => onSignedIn(token, customer),
        onError: (error) => {
          const failure = signInFailure(error, fieldTexts);
          switch (failure.kind) {
            case 'message':
              return setFormError(t(failure.key));
            case 'ssoRequired':
              setResetWarning(false);
              setSsoRefusal({ providerName: failure.providerName, startUrl: failure.startUrl });
              return setFormError(
                failure.providerName ? t('login.error.ssoRequired', { provider: failure.providerName }) : t('login.error.ssoRequiredUnnamed'),
              );
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

  const ssoText = offer?.domain
    ? t(offer.only ? 'login.sso.required' : 'login.sso.offered', { domain: offer.domain, provider: offer.providerName })
    : null;

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={(event) => {
        lastFocused.current = event.target;
      }}
      aria-label={t('login.title')}
    >
      {formError && <Alert severity="error">{formError}</Alert>}
      {resetWarning && !formError && !ssoOnly && (
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
        onBlur={leaveEmail}
        error={Boolean(emailError)}
        helperText={emailError}
        disabled={busy}
        endAdornment={
          sso.checking ? (
            <CheckingSlot>
              <CircularProgress size={20} aria-label={t('login.sso.checking')} />
            </CheckingSlot>
          ) : undefined
        }
      />
      {/* Always there, so that what an answer puts in it is read out (polite: the typing goes on). */}
      <SsoPanel role="status">
        {ssoText && <SsoText>{ssoText}</SsoText>}
        {offer?.href && (
          <SubmitButton
            ref={continueRef}
            type="button"
            variant="contained"
            size="large"
            storeColor={buttonColor}
            loading={leaving}
            disabled={busy}
            onClick={() => continueWithSso(offer.href!)}
          >
            <SsoButtonText>{t('login.sso.continue', { provider: offer.providerName })}</SsoButtonText>
          </SubmitButton>
        )}
        {offer && !ssoOnly && <OrRule>{t('login.sso.or')}</OrRule>}
      </SsoPanel>
      {!ssoOnly && (
        <>
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
            disabled={busy}
          />
          <SubmitButton
            type="submit"
            variant={offer ? 'outlined' : 'contained'}
            size="large"
            storeColor={offer ? null : buttonColor}
            loading={signIn.isPending || checkingBeforeSignIn}
            disabled={busy}
          >
            {t('login.submit')}
          </SubmitButton>
          <LinkRow>
            <Link component={RouterLink} to={ROUTE_PATHS.forgotPassword}>
              {t('login.forgotPassword')}
            </Link>
          </LinkRow>
        </>
      )}
    </Form>
  );
}
