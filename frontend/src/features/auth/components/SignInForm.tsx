import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useRef, useState, type FormEvent } from 'react';

import { useErrorText } from '../../../lib/errorText';
import { GraphQLRequestError } from '../../../lib/graphql';
import type { MessageKey } from '../../../lib/i18n/catalog';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { isValidEmail } from '../../../lib/validation';
import { useLoginMutation, type LoginResult } from '../api/login';
import { authMessages } from '../messages';

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

function validate(values: Values): Partial<Record<Field, AuthMessageKey>> {
  const errors: Partial<Record<Field, AuthMessageKey>> = {};
  if (!values.email.trim()) errors.email = 'login.email.required';
  else if (!isValidEmail(values.email)) errors.email = 'login.email.invalid';
  if (!values.password) errors.password = 'login.password.required';
  return errors;
}

/** Maps `extensions.fields` of a validation error (`email`, `loginData.email`, …) onto the form's fields. */
function serverFieldErrors(error: GraphQLRequestError): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, messages] of Object.entries(error.fields)) {
    const field = path.split('.').pop();
    if ((field === 'email' || field === 'password') && messages.length > 0) errors[field] = messages.join(' ');
  }
  return errors;
}

export interface SignInFormProps {
  channelId: number;
  onSignedIn(result: LoginResult): void;
}

export function SignInForm({ channelId, onSignedIn }: SignInFormProps) {
  const t = useMessages(authMessages);
  const errorText = useErrorText();
  const login = useLoginMutation();
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const clientErrors = submitted ? validate(values) : {};
  const fieldError = (field: Field): string | undefined => {
    const key = clientErrors[field];
    return key ? t(key) : serverErrors[field];
  };

  const change = (field: Field) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    setSubmitted(true);
    setFormError(null);
    setServerErrors({});
    const errors = validate(values);
    if (errors.email) return emailRef.current?.focus();
    if (errors.password) return passwordRef.current?.focus();

    login.mutate(
      { email: values.email.trim(), password: values.password, channelId },
      {
        onSuccess: onSignedIn,
        onError: (error) => {
          if (error instanceof GraphQLRequestError && error.code === 'INVALID_CREDENTIALS') {
            setFormError(t('login.error.invalidCredentials'));
            return;
          }
          const fields = error instanceof GraphQLRequestError ? serverFieldErrors(error) : {};
          if (Object.keys(fields).length > 0) setServerErrors(fields);
          else setFormError(errorText(error));
        },
      },
    );
  };

  const emailError = fieldError('email');
  const passwordError = fieldError('password');

  return (
    <Form noValidate onSubmit={submit} aria-label={t('login.title')}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <TextField
        inputRef={emailRef}
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="username"
        required
        value={values.email}
        onChange={change('email')}
        error={Boolean(emailError)}
        helperText={emailError}
        disabled={login.isPending}
      />
      <TextField
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
        disabled={login.isPending}
      />
      <Button type="submit" variant="contained" size="large" loading={login.isPending} disabled={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
