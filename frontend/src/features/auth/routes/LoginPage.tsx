import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useNavigate, useSearchParams } from 'react-router';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { SIGNED_IN_LANDING_PATH } from '../../../lib/routePaths';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useSessionActions } from '../../../lib/useSessionActions';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { LoginResult } from '../api/login';
import { NewCustomerPanel } from '../components/NewCustomerPanel';
import { SignInForm } from '../components/SignInForm';
import { StoreIdentity } from '../components/StoreIdentity';
import { loginNoticeFor } from '../loginNotice';
import { authMessages } from '../messages';

const Columns = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    display: 'grid',
    gridTemplateColumns: mobile ? '1fr' : 'minmax(0, 1fr) minmax(0, 1fr)',
    alignItems: 'start',
    gap: theme.spacing(mobile ? 2 : 4),
    maxWidth: 960,
    margin: '0 auto',
  }),
);

const SignInCard = styled(Paper, { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    padding: theme.spacing(mobile ? 2.5 : 4),
    display: 'flex',
    flexDirection: 'column',
    gap: theme.spacing(2),
  }),
);

export function LoginPage() {
  const t = useMessages(authMessages);
  const mobile = useMobileLayout();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { channelId } = usePortalConfig();
  const { data: store } = useStoreBasicInfo();
  const { startSession } = useSessionActions();
  const notice = loginNoticeFor(search);

  const signedIn = (result: LoginResult) => {
    startSession(result.token);
    navigate(SIGNED_IN_LANDING_PATH, { replace: true });
  };

  return (
    <Columns mobile={mobile}>
      <SignInCard variant="outlined" mobile={mobile}>
        {store && <StoreIdentity storeName={store.storeName} storeLogo={store.storeLogo} />}
        <Typography variant="h1">{t('login.title')}</Typography>
        {notice && <Alert severity={notice.severity}>{t(notice.message)}</Alert>}
        <SignInForm channelId={channelId} onSignedIn={signedIn} />
      </SignInCard>
      <NewCustomerPanel />
    </Columns>
  );
}
