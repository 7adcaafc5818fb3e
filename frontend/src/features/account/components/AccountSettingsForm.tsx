import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { commonMessages } from '../../../lib/messages';
import { effectiveRole } from '../../../lib/permissions';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { useUpdateAccountSettings } from '../api/updateAccountSettings';
import {
  FIELD_ORDER,
  changesPassword,
  initialValues,
  toInput,
  validateAccount,
  type AccountErrorKey,
  type AccountField,
  type AccountValues,
} from '../accountSettingsForm';
import { accountMessages } from '../messages';
import { roleNameKey } from '../roleName';

const Form = styled('form')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(3) }));

const Section = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  padding: theme.spacing(mobile ? 2 : 3, mobile ? 2 : 4),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

const Fields = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  display: 'grid',
  gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(2),
}));

const Actions = styled('div')({ display: 'flex', justifyContent: 'flex-end' });

const isCommonKey = (key: AccountErrorKey): key is MessageKey<typeof commonMessages> => commonMessages.has(key);

/** Server field names (`extensions.fields`) → the form's fields. */
const SERVER_FIELDS: Readonly<Record<string, AccountField>> = {
  firstName: 'firstName',
  lastName: 'lastName',
  phoneNumber: 'phoneNumber',
  currentPassword: 'currentPassword',
  newPassword: 'newPassword',
};

/**
 * The user's own settings (shell §5 rules): name and phone, and a new password with the current one. E-mail,
 * company and role are shown read-only.
 */
export function AccountSettingsForm({ customer }: { customer: CustomerInfo }) {
  const t = useMessages(accountMessages);
  const common = useMessages(commonMessages);
  const errorText = useErrorText();
  const fieldTexts = useFieldErrorTexts();
  const mobile = useMobileLayout();
  const update = useUpdateAccountSettings();
  const [values, setValues] = useState<AccountValues>(() => initialValues(customer));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<AccountField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<AccountField, HTMLInputElement | null>>>({});
  // The field to focus once the form is enabled again (fields are disabled while saving).
  const [focusField, setFocusField] = useState<AccountField | null>(null);

  useEffect(() => {
    if (focusField && !update.isPending) {
      inputs.current[focusField]?.focus();
      setFocusField(null);
    }
  }, [focusField, update.isPending]);

  const text = (key: AccountErrorKey) => (isCommonKey(key) ? common(key) : t(key));
  const clientErrors = submitted ? validateAccount(values) : {};
  const errorFor = (field: AccountField): string | undefined => {
    const key = clientErrors[field];
    return key ? text(key) : serverErrors[field];
  };

  const change = (field: AccountField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const errors = validateAccount(values);
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) return inputs.current[firstInvalid]?.focus();

    update.mutate(toInput(values), {
      onSuccess: (saved) => {
        setSubmitted(false);
        setValues(initialValues(saved));
        toast.success(t('account.saved'));
      },
      onError: (error) => {
        const fields: Partial<Record<AccountField, string>> = {};
        for (const [name, text] of Object.entries(fieldTexts(error))) {
          const field = SERVER_FIELDS[name];
          if (field) fields[field] = text;
        }
        const first = FIELD_ORDER.find((field) => fields[field]);
        if (first) {
          setServerErrors(fields);
          setFocusField(first);
        } else {
          setFormError(errorText(error));
        }
      },
    });
  };

  const field = (name: AccountField, label: string, options: { type?: string; autoComplete: string; hint?: string; required?: boolean }) => {
    const error = errorFor(name);
    return (
      <TextField
        inputRef={(element: HTMLInputElement | null) => {
          inputs.current[name] = element;
        }}
        label={label}
        name={name}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        required={options.required}
        value={values[name]}
        onChange={change(name)}
        error={Boolean(error)}
        helperText={error ?? options.hint}
        disabled={update.isPending}
      />
    );
  };

  const readOnly = (label: string, value: string) => (
    <TextField label={label} value={value} slotProps={{ htmlInput: { readOnly: true } }} variant="filled" />
  );

  const roleKey = roleNameKey(effectiveRole(customer));
  const role = customer.userInfo.companyRoleName.trim() || (roleKey ? t(roleKey) : '');
  const passwordChange = changesPassword(values);

  return (
    <Form noValidate onSubmit={submit} aria-label={t('account.title')}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <Section variant="outlined" mobile={mobile} aria-labelledby="b2b-account-details">
        <Typography variant="h2" id="b2b-account-details">
          {t('account.section.details')}
        </Typography>
        <Fields mobile={mobile}>
          {field('firstName', t('account.field.firstName'), { autoComplete: 'given-name', required: true })}
          {field('lastName', t('account.field.lastName'), { autoComplete: 'family-name', required: true })}
          {field('phoneNumber', t('account.field.phone'), { type: 'tel', autoComplete: 'tel', hint: t('account.hint.phone') })}
          {readOnly(t('account.field.email'), customer.userInfo.email)}
          {customer.companyInfo && readOnly(t('account.field.company'), customer.companyInfo.companyName)}
          {role && readOnly(t('account.field.role'), role)}
        </Fields>
        <Typography variant="body2" color="text.secondary">
          {t('account.hint.readOnly')}
        </Typography>
      </Section>
      <Section variant="outlined" mobile={mobile} aria-labelledby="b2b-account-password">
        <Typography variant="h2" id="b2b-account-password">
          {t('account.section.password')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('account.section.passwordIntro')}
        </Typography>
        <Fields mobile={mobile}>
          {field('currentPassword', t('account.field.currentPassword'), { type: 'password', autoComplete: 'current-password', required: passwordChange })}
          <span aria-hidden="true" />
          {field('newPassword', t('account.field.newPassword'), {
            type: 'password',
            autoComplete: 'new-password',
            hint: common('validation.password.rule'),
            required: passwordChange,
          })}
          {field('confirmPassword', t('account.field.confirmPassword'), { type: 'password', autoComplete: 'new-password', required: passwordChange })}
        </Fields>
      </Section>
      <Actions>
        <Button type="submit" variant="contained" size="large" loading={update.isPending} disabled={update.isPending}>
          {t('account.save')}
        </Button>
      </Actions>
    </Form>
  );
}
