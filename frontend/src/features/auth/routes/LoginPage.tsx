import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Navigate, useLocation, useSearchParams } from 'react-router';

import { MerchantHtml } from '../../../components/MerchantHtml';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { registrationKinds } from '../../../lib/store/registration';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useStorefrontConfigs } from '../../../lib/store/storefrontConfig';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useSessionActions } from '../../../lib/useSessionActions';
import { CreateAccountButton, NewCustomerPanel } from '../components/NewCustomerPanel';
import { SignInForm } from '../components/SignInForm';
import { StoreIdentity } from '../components/StoreIdentity';
import { loginNoticeFor } from '../loginNotice';
import { loginPageConfig } from '../loginPageConfig';
import { authMessages } from '../messages';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 960,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const Columns = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' && prop !== 'single' })<{ mobile: boolean; single: boolean }>(
  ({ theme, mobile, single }) => ({
    display: 'grid',
    gridTemplateColumns: mobile || single ? '1fr' : 'minmax(0, 1fr) minmax(0, 1fr)',
    alignItems: 'start',
    gap: theme.spacing(mobile ? 2 : 4),
    width: '100%',
    maxWidth: single && !mobile ? 480 : undefined,
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

/**
 * shell §2 sign-in page: title "Sign In", the form with "SIGN IN", the "New Customer?" panel, the login-flag
 * notices and the store's own sign-in page settings. After sign-in the route gate sends the user to their
 * landing page.
 */
export function LoginPage() {
  const t = useMessages(authMessages);
  const mobile = useMobileLayout();
  const location = useLocation();
  const [search] = useSearchParams();
  const { data: store } = useStoreBasicInfo();
  const { data: configs } = useStorefrontConfigs();
  const { beginSession } = useSessionActions();
  const notice = loginNoticeFor(search, location.state);
  const settings = loginPageConfig(configs);
  const storeName = store?.storeName ?? '';
  const kinds = registrationKinds(configs);
  const canRegister = kinds.business || kinds.personal;

  // shell §2: create-account links arrive as /login?action=create_account (or straight at /register).
  if (search.get('action') === 'create_account' && canRegister) return <Navigate to={ROUTE_PATHS.register} replace />;

  return (
    <Page>
      {settings.html && <MerchantHtml html={settings.html} label={t('login.storeMessage', { storeName })} />}
      <Columns mobile={mobile} single={!settings.showNewCustomerPanel}>
        <SignInCard variant="outlined" mobile={mobile}>
          {store && <StoreIdentity storeName={store.storeName} storeLogo={settings.showStoreLogo ? store.storeLogo : null} />}
          <Typography variant="h1">{t('login.title')}</Typography>
          {notice && <Alert severity={notice.severity}>{t(notice.message)}</Alert>}
          <SignInForm onSignedIn={beginSession} buttonColor={settings.buttonColor} />
          {canRegister && !settings.showNewCustomerPanel && <CreateAccountButton />}
        </SignInCard>
        {settings.showNewCustomerPanel && <NewCustomerPanel canRegister={canRegister} />}
      </Columns>
    </Page>
  );
}
