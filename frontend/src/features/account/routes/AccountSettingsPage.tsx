import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROLE } from '../../../lib/permissions';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { AccountSettingsForm } from '../components/AccountSettingsForm';
import { MasqueradeAudit } from '../components/MasqueradeAudit';
import { SignOutEverywhere } from '../components/SignOutEverywhere';
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
      {customer.data?.accountStatus?.convertLinkVisible && (
        // shell §4 convert link, under the same rule as on the storefront's pages (the server decides it).
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Link component={RouterLink} to={ROUTE_PATHS.registeredBcToB2b} variant="subtitle1">
            {t('account.convert')}
          </Link>
          <Typography color="text.secondary">{t('account.convertIntro')}</Typography>
        </Paper>
      )}
      {customer.data && <AccountSettingsForm key={customer.data.userInfo.id} customer={customer.data} />}
      {customer.data?.userInfo.role === ROLE.admin && !customer.data.masquerade?.isAgenting && <MasqueradeAudit />}
      {customer.data && <SignOutEverywhere />}
      {customer.isPending && (
        <Centered>
          <CircularProgress aria-label={t('account.loading')} />
        </Centered>
      )}
      {customer.isError && (
        <LoadErrorAlert message={t('account.loadError')} retryLabel={t('account.retry')} onRetry={() => void customer.refetch()} />
      )}
    </Page>
  );
}
