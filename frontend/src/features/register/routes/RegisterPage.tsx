import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { signInWithPassword, signOutEverywhere } from '../../../lib/auth/signIn';
import { useErrorText } from '../../../lib/errorText';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { registrationKinds } from '../../../lib/store/registration';
import { useStorefrontConfigs } from '../../../lib/store/storefrontConfig';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useSessionActions } from '../../../lib/useSessionActions';
import { fetchCustomerInfo } from '../../../lib/user/customerInfo';
import { useAccountFormFields } from '../api/accountFormFields';
import { COMPANY_CREATE } from '../api/companyCreate';
import { useCountries } from '../../../lib/countries';
import { CUSTOMER_CREATE } from '../api/customerCreate';
import { CUSTOMER_SUBSCRIBERS_CREATE } from '../api/customerSubscribersCreate';
import { FieldSection } from '../components/FieldSection';
import { FinishPanel } from '../components/FinishPanel';
import {
  CONFIRM_PASSWORD,
  FORM_TYPE,
  checkStep,
  companyCreateInput,
  customerCreateInput,
  fieldsOfStep,
  stepOfField,
  stepsFor,
  type AccountType,
  type StepId,
} from '../formModel';
import { registerMessages } from '../messages';
import { useRegistrationForm } from '../useRegistrationForm';

const Page = styled('div')({ maxWidth: 880, margin: '0 auto' });

const Card = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  padding: theme.spacing(mobile ? 2.5 : 4),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const Actions = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'space-between', gap: theme.spacing(2), flexWrap: 'wrap' }));

const STEP_TITLES = {
  contact: 'register.step.contact',
  company: 'register.step.company',
  address: 'register.step.address',
  password: 'register.step.password',
} as const;

interface Finished {
  accountType: AccountType;
  approved: boolean;
  email: string;
  password: string;
}

/**
 * `/register` (shell §2, §3): a business or personal account in steps — contact, company (business), address,
 * password — with the fields of accountFormFields, the shell §5 checks, attachments and the newsletter; then
 * companyCreate or customerCreate and the finish page (shell §8).
 */
export function RegisterPage() {
  const t = useMessages(registerMessages);
  const errorText = useErrorText();
  const mobile = useMobileLayout();
  const client = useGraphQLClient();
  const config = usePortalConfig();
  const { data: configs } = useStorefrontConfigs();
  const kinds = registrationKinds(configs);
  const [chosenType, setChosenType] = useState<AccountType | null>(null);
  const accountType: AccountType = chosenType ?? (kinds.business ? 'business' : 'personal');
  const allowed = kinds.business || kinds.personal;
  const formFields = useAccountFormFields(FORM_TYPE[accountType], allowed);
  const countries = useCountries(allowed && accountType === 'business');
  const fields = formFields.data;
  const form = useRegistrationForm(fields);
  const [stepIndex, setStepIndex] = useState(0);
  const [newsletter, setNewsletter] = useState(false);
  const [finished, setFinished] = useState<Finished | null>(null);
  const steps: StepId[] = fields ? stepsFor(fields, accountType) : ['contact'];
  const step = steps[Math.min(stepIndex, steps.length - 1)] ?? 'contact';

  const context = { countries: countries.data, values: form.values, files: form.files };

  const submit = useMutation({
    mutationFn: async () => {
      if (!fields) throw new Error('form not loaded');
      const email = (form.values.email ?? '').trim();
      let approved = true;
      if (accountType === 'business') {
        const companyData = companyCreateInput(fields, form.values, {
          channelId: config.channelId,
          storeHash: config.storeHash || undefined,
          files: form.files,
          contact: { acceptsMarketing: newsletter },
        });
        const result = await client.request(COMPANY_CREATE, { companyData }, { suppressErrorToast: true });
        approved = result.companyCreate.autoApproved || result.companyCreate.companyStatus === 1;
      } else {
        const customerData = customerCreateInput(fields, form.values, { channelId: config.channelId, acceptsMarketing: newsletter });
        await client.request(CUSTOMER_CREATE, { customerData }, { suppressErrorToast: true });
      }
      if (newsletter) {
        // The account exists; a failed subscription must not undo it (the server reports it as a toast).
        const subscriberData = { email, firstName: (form.values.firstName ?? '').trim(), lastName: (form.values.lastName ?? '').trim(), channelId: config.channelId };
        await client.request(CUSTOMER_SUBSCRIBERS_CREATE, { subscriberData }).catch(() => undefined);
      }
      return { accountType, approved, email, password: form.values.password ?? '' };
    },
    onSuccess: (result) => setFinished(result),
    onError: (error) => {
      const names = form.showServerError(error, errorText(error));
      const first = fields && names.map((name) => stepOfField(fields, name, steps)).find((found) => found !== null);
      if (first) setStepIndex(steps.indexOf(first));
    },
  });

  const changeType = (next: AccountType) => {
    setChosenType(next);
    setStepIndex(0);
    form.setProblems({});
    form.setServerErrors({});
    form.setFormError(null);
  };

  const onNext = (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    const problems = checkStep(fields, step, context);
    form.setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    if (stepIndex < steps.length - 1) {
      setStepIndex(stepIndex + 1);
      return;
    }
    // Every step again: the server's answers may have changed earlier ones.
    for (const [index, id] of steps.entries()) {
      const found = checkStep(fields, id, context);
      if (Object.keys(found).length > 0) {
        form.setProblems(found);
        setStepIndex(index);
        return;
      }
    }
    form.setFormError(null);
    submit.mutate();
  };

  if (finished) return <RegistrationFinished finished={finished} />;

  if (!allowed) {
    return (
      <Page>
        <Alert severity="info">{t('register.disabled')}</Alert>
      </Page>
    );
  }

  const stepFields = fields ? fieldsOfStep(fields, step) : [];
  const isLast = stepIndex >= steps.length - 1;

  return (
    <Page>
      <Card variant="outlined" mobile={mobile}>
        <Typography variant="h1">{t('register.title')}</Typography>
        {kinds.business && kinds.personal && (
          <RadioGroup
            row
            aria-label={t('register.accountType')}
            value={accountType}
            onChange={(event) => changeType(event.target.value === 'personal' ? 'personal' : 'business')}
          >
            <FormControlLabel value="business" control={<Radio />} label={t('register.accountType.business')} disabled={stepIndex > 0 || submit.isPending} />
            <FormControlLabel value="personal" control={<Radio />} label={t('register.accountType.personal')} disabled={stepIndex > 0 || submit.isPending} />
          </RadioGroup>
        )}
        {fields && (
          <Stepper activeStep={stepIndex} alternativeLabel={!mobile} orientation={mobile ? 'vertical' : 'horizontal'}>
            {steps.map((id) => (
              <Step key={id}>
                <StepLabel>{t(STEP_TITLES[id])}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        {formFields.isPending && <CircularProgress aria-label={t('register.loading')} sx={{ alignSelf: 'center' }} />}
        {formFields.isError && (
          <LoadErrorAlert message={t('register.loadError')} retryLabel={t('register.retry')} onRetry={() => void formFields.refetch()} />
        )}
        {fields && (
          <form noValidate onSubmit={onNext}>
            <FieldSection
              title={t(STEP_TITLES[step])}
              fields={stepFields}
              values={form.values}
              onChange={form.setValue}
              problems={form.problems}
              serverErrors={form.serverErrors}
              countries={countries.data}
              files={form.files}
              onFilesChange={form.setFiles}
              uploader={form.uploader}
              disabled={submit.isPending}
            >
              {step === 'password' && (
                <TextField
                  name={CONFIRM_PASSWORD}
                  type="password"
                  label={t('register.confirmPassword')}
                  required
                  fullWidth
                  autoComplete="new-password"
                  value={form.values[CONFIRM_PASSWORD] ?? ''}
                  onChange={(event) => form.setValue(CONFIRM_PASSWORD, event.target.value)}
                  error={Boolean(form.problems[CONFIRM_PASSWORD])}
                  helperText={form.problems[CONFIRM_PASSWORD] ? t(form.problems[CONFIRM_PASSWORD].key) : t('register.passwordHint')}
                  disabled={submit.isPending}
                />
              )}
            </FieldSection>
            {step === 'contact' && (
              <FormControlLabel
                sx={{ mt: 2 }}
                control={<Checkbox checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} disabled={submit.isPending} />}
                label={t('register.newsletter')}
              />
            )}
            {Object.keys(form.problems).length > 0 && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {t('validation.fixErrors')}
              </Alert>
            )}
            {form.formError && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {form.formError}
              </Alert>
            )}
            <Actions sx={{ mt: 3 }}>
              {stepIndex > 0 ? (
                <Button variant="outlined" onClick={() => setStepIndex(stepIndex - 1)} disabled={submit.isPending}>
                  {t('register.back')}
                </Button>
              ) : (
                <Typography component="span" color="text.secondary">
                  {t('register.haveAccount')}{' '}
                  <Link component={RouterLink} to={ROUTE_PATHS.login}>
                    {t('register.signIn')}
                  </Link>
                </Typography>
              )}
              <Button type="submit" variant="contained" loading={submit.isPending} disabled={submit.isPending}>
                {isLast ? t('register.submit') : t('register.next')}
              </Button>
            </Actions>
          </form>
        )}
      </Card>
    </Page>
  );
}

/** shell §8 finish texts; SIGN IN signs the new account in with what was just entered. */
function RegistrationFinished({ finished }: { finished: Finished }) {
  const t = useMessages(registerMessages);
  const client = useGraphQLClient();
  const config = usePortalConfig();
  const navigate = useNavigate();
  const { beginSession } = useSessionActions();
  const signIn = useMutation({
    mutationFn: async () => {
      const token = await signInWithPassword({ client, config }, finished.email, finished.password);
      try {
        return { token, customer: await fetchCustomerInfo(client, { token, suppressErrorToast: true }) };
      } catch (error) {
        await signOutEverywhere({ client, config }, token);
        throw error;
      }
    },
    onSuccess: ({ token, customer }) => beginSession(token, customer),
  });

  const business = finished.accountType === 'business';
  const lines = !business
    ? [t('finish.personal')]
    : finished.approved
      ? [t('finish.approved'), t('finish.checkEmail')]
      : [t('finish.pending'), t('finish.checkEmail')];
  return (
    <FinishPanel
      title={business ? t('finish.title.business') : t('finish.title.personal')}
      lines={lines}
      action={{
        label: t('finish.signIn'),
        loading: signIn.isPending,
        onClick: () => (signIn.isError ? navigate(ROUTE_PATHS.login) : signIn.mutate()),
      }}
      error={signIn.isError ? t('finish.signInFailed') : undefined}
    />
  );
}
