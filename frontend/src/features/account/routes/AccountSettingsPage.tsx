import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useNavigate } from 'react-router';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { loginPath } from '../../../lib/routePaths';
import { useSessionActions } from '../../../lib/useSessionActions';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useCustomerInfo } from '../api/customerInfo';
import { useLogoutMutation } from '../api/logout';
import { AccountDetails } from '../components/AccountDetails';
import { accountMessages } from '../messages';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 720,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const Heading = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    display: 'flex',
    flexDirection: mobile ? 'column' : 'row',
    alignItems: mobile ? 'stretch' : 'flex-end',
    justifyContent: 'space-between',
    gap: theme.spacing(2),
  }),
);

const Centered = styled('div')(({ theme }) => ({
  display: 'flex',
  justifyContent: 'center',
  padding: theme.spacing(6, 0),
}));

export function AccountSettingsPage() {
  const t = useMessages(accountMessages);
  const mobile = useMobileLayout();
  const navigate = useNavigate();
  const customer = useCustomerInfo();
  const logout = useLogoutMutation();
  const { endSession } = useSessionActions();

  const signOut = () => {
    // The session ends on this device whether or not the server could revoke the token.
    logout.mutate(undefined, {
      onSettled: () => {
        endSession();
        // shell §2: logging out lands on the sign-in page with flag 3.
        navigate(loginPath(3), { replace: true });
      },
    });
  };

  return (
    <Page>
      <Heading mobile={mobile}>
        <div>
          <Typography variant="h1">{t('account.title')}</Typography>
          <Typography color="text.secondary">{t('account.subtitle')}</Typography>
        </div>
        <Button variant="outlined" onClick={signOut} loading={logout.isPending} disabled={logout.isPending}>
          {t('account.signOut')}
        </Button>
      </Heading>
      {customer.data && <AccountDetails customer={customer.data} />}
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
