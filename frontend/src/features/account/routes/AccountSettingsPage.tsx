import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { AccountSettingsForm } from '../components/AccountSettingsForm';
import { accountMessages } from '../messages';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 880,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const Centered = styled('div')(({ theme }) => ({
  display: 'flex',
  justifyContent: 'center',
  padding: theme.spacing(6, 0),
}));

/** `/accountSettings` (shell §2): the signed-in user's own settings. */
export function AccountSettingsPage() {
  const t = useMessages(accountMessages);
  const customer = useCustomerInfo();

  return (
    <Page>
      <div>
        <Typography variant="h1">{t('account.title')}</Typography>
        {customer.data && (
          <Typography color="text.secondary">{t('account.signedInAs', { email: customer.data.userInfo.email })}</Typography>
        )}
      </div>
      {customer.data && <AccountSettingsForm key={customer.data.userInfo.id} customer={customer.data} />}
      {customer.isPending && (
        <Centered>
          <CircularProgress aria-label={t('account.loading')} />
        </Centered>
      )}
      {customer.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void customer.refetch()}>
              {t('account.retry')}
            </Button>
          }
        >
          {t('account.loadError')}
        </Alert>
      )}
    </Page>
  );
}
