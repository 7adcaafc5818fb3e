import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useErrorText } from '../../../lib/errorText';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { rememberCustomer } from '../../../lib/sessionLifecycle';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { COMPANY_STATUS, CUSTOMER_INFO_QUERY_KEY, fetchCustomerInfo, useCustomerInfo, type CustomerInfo } from '../../../lib/user/customerInfo';
import { useAccountFormFields, type AccountFormField } from '../api/accountFormFields';
import { COMPANY_CREATE } from '../api/companyCreate';
import { useCountries } from '../../../lib/countries';
import { USER_COMPANY, userCompanyQueryKey, type UserCompany } from '../api/userCompany';
import { FieldSection } from '../components/FieldSection';
import { FinishPanel } from '../components/FinishPanel';
import { FORM_TYPE, checkFields, companyCreateInput, fieldsOfStep, stepOfField } from '../formModel';
import { registerMessages } from '../messages';
import { useRegistrationForm } from '../useRegistrationForm';

const Card = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  maxWidth: 880,
  margin: '0 auto',
  padding: theme.spacing(mobile ? 2.5 : 4),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

/** A rejected application's answers, to correct and send again. */
function prefill(company: UserCompany): Record<string, string> {
  return {
    companyName: company.companyName,
    companyEmail: company.companyEmail,
    companyPhoneNumber: company.companyPhone,
    country: company.countryCode,
    addressLine1: company.addressLine1,
    addressLine2: company.addressLine2,
    city: company.city,
    state: company.state,
    zipCode: company.zipCode,
    ...Object.fromEntries(Object.entries(company.extraFields ?? {}).map(([name, value]) => [name, String(value ?? '')])),
    ...Object.fromEntries(Object.entries(company.addressExtraFields ?? {}).map(([name, value]) => [name, String(value ?? '')])),
  };
}

/**
 * `/registeredbctob2b` (shell §2, §4): a signed-in individual customer applies for a business account in one
 * page — company information, address, extra fields and attachments — with companyCreate for their own account.
 * The applicant of a rejected company resubmits here; a pending one sees that the application is waiting.
 */
export function ConvertPage() {
  const t = useMessages(registerMessages);
  const customer = useCustomerInfo();
  const company = customer.data?.companyInfo ?? null;
  const [finished, setFinished] = useState<'approved' | 'pending' | null>(null);

  if (!customer.data) return <CircularProgress aria-label={t('register.loading')} sx={{ display: 'block', mx: 'auto' }} />;
  if (finished === 'approved') return <ConvertApproved />;
  if (finished === 'pending' || company?.status === COMPANY_STATUS.pending) {
    return <FinishPanel title={t('convert.pendingTitle')} lines={[t('finish.pending'), t('finish.checkEmail')]} />;
  }
  if (company && company.status !== COMPANY_STATUS.rejected) return <Alert severity="info">{t('convert.unavailable')}</Alert>;
  return <ApplicationForm customer={customer.data} onDone={setFinished} />;
}

/** The user is now the company's admin: CONTINUE loads the new role, and the gate takes them to their landing page. */
function ConvertApproved() {
  const t = useMessages(registerMessages);
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const reload = useMutation({
    mutationFn: () => fetchCustomerInfo(client),
    onSuccess: (info) => {
      queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, info);
      rememberCustomer(info);
    },
  });
  return (
    <FinishPanel
      title={t('convert.approvedTitle')}
      lines={[t('convert.approved'), t('finish.checkEmail')]}
      action={{ label: t('convert.continue'), onClick: () => reload.mutate(), loading: reload.isPending }}
    />
  );
}

function ApplicationForm({ customer, onDone }: { customer: CustomerInfo; onDone(state: 'approved' | 'pending'): void }) {
  const t = useMessages(registerMessages);
  const errorText = useErrorText();
  const mobile = useMobileLayout();
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const config = usePortalConfig();
  const userId = customer.userInfo.id;
  const rejected = customer.companyInfo?.status === COMPANY_STATUS.rejected;
  const formFields = useAccountFormFields(FORM_TYPE.business);
  const countries = useCountries();
  const previous = useQuery({
    queryKey: userCompanyQueryKey(userId),
    queryFn: ({ signal }) => client.request(USER_COMPANY, { userId }, { signal, suppressErrorToast: true }).then((data) => data.userCompany),
    enabled: rejected,
  });
  const fields = formFields.data;
  const form = useRegistrationForm(fields);
  const prefilled = useRef(false);
  const { setValues } = form;

  useEffect(() => {
    if (!previous.data || prefilled.current) return;
    prefilled.current = true;
    const answers = prefill(previous.data);
    // The earlier attachments stay with the application; the server takes only new uploads in fileList.
    setValues((current) => ({ ...current, ...answers }));
  }, [previous.data, setValues]);

  const companyFields: AccountFormField[] = fields ? fieldsOfStep(fields, 'company') : [];
  const addressFields: AccountFormField[] = fields ? fieldsOfStep(fields, 'address') : [];

  const submit = useMutation({
    mutationFn: async () => {
      if (!fields) throw new Error('form not loaded');
      const companyData = companyCreateInput(fields, form.values, {
        channelId: config.channelId,
        storeHash: config.storeHash || undefined,
        files: form.files,
        customerId: userId,
      });
      const result = await client.request(COMPANY_CREATE, { companyData }, { suppressErrorToast: true });
      return result.companyCreate;
    },
    onSuccess: async (result) => {
      const approved = result.autoApproved || result.companyStatus === COMPANY_STATUS.approved;
      if (!approved) {
        // Still an individual customer, now with a pending company: the page and the tips follow the new state.
        const info = await fetchCustomerInfo(client, { suppressErrorToast: true }).catch(() => null);
        if (info) {
          queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, info);
          rememberCustomer(info);
        }
      }
      onDone(approved ? 'approved' : 'pending');
    },
    onError: (error) => {
      form.showServerError(error, errorText(error));
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!fields) return;
    const context = { countries: countries.data, values: form.values, files: form.files };
    const problems = checkFields([...companyFields, ...addressFields], context);
    form.setProblems(problems);
    if (Object.keys(problems).length > 0) return;
    form.setFormError(null);
    submit.mutate();
  };

  const sectionProps = {
    values: form.values,
    onChange: form.setValue,
    problems: form.problems,
    serverErrors: form.serverErrors,
    countries: countries.data,
    files: form.files,
    onFilesChange: form.setFiles,
    uploader: form.uploader,
    disabled: submit.isPending,
  };
  const reason = customer.companyInfo?.rejectionReason || previous.data?.rejectionReason || '';
  const hasErrors = Object.keys(form.problems).length > 0 || (fields ? Object.keys(form.serverErrors).some((name) => stepOfField(fields, name, ['company', 'address'])) : false);

  return (
    <Card variant="outlined" mobile={mobile}>
      <div>
        <Typography variant="h1" gutterBottom>
          {rejected ? t('convert.resubmitTitle') : t('convert.title')}
        </Typography>
        <Typography color="text.secondary">{t('convert.intro')}</Typography>
      </div>
      {rejected && (
        <Alert severity="warning">
          {t('convert.rejected')}
          {reason && <div>{t('convert.rejectedReason', { reason })}</div>}
        </Alert>
      )}
      {(formFields.isPending || (rejected && previous.isPending)) && <CircularProgress aria-label={t('register.loading')} sx={{ alignSelf: 'center' }} />}
      {formFields.isError && (
        <LoadErrorAlert message={t('register.loadError')} retryLabel={t('register.retry')} onRetry={() => void formFields.refetch()} />
      )}
      {fields && (!rejected || !previous.isPending) && (
        <form noValidate onSubmit={onSubmit}>
          <FieldSection title={t('register.step.company')} fields={companyFields} {...sectionProps} />
          {addressFields.length > 0 && (
            <div style={{ marginTop: 24 }}>
              <FieldSection title={t('register.step.address')} fields={addressFields} {...sectionProps} />
            </div>
          )}
          {hasErrors && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {t('validation.fixErrors')}
            </Alert>
          )}
          {form.formError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {form.formError}
            </Alert>
          )}
          <Button type="submit" variant="contained" sx={{ mt: 3 }} loading={submit.isPending} disabled={submit.isPending}>
            {t('convert.submit')}
          </Button>
        </form>
      )}
    </Card>
  );
}
