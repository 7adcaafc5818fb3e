import AppBar from '@mui/material/AppBar';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Suspense, lazy, useRef, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { loginPath } from '../../lib/routePaths';
import { useStoreBasicInfo } from '../../lib/store/storeBasicInfo';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { useSessionActions } from '../../lib/useSessionActions';
import { menuRoutes } from '../access';
import { PageFocus } from '../focus/PageFocus';
import { useEscapeToClose } from '../focus/useEscapeToClose';
import { appMessages } from '../messages';
import { usePortalControls } from '../PortalControls';
import { useAccessState } from '../useAccess';
import { AccountStatusBanner } from './AccountStatusBanner';
import { ActingUnitBar } from './ActingUnitBar';
import { CloseIcon } from './CloseIcon';
import { JoinedMasqueradeNotice } from './JoinedMasqueradeNotice';
import { MasqueradeBar } from './MasqueradeBar';
import { MenuIcon } from './MenuIcon';
import { PortalMenu } from './PortalMenu';
import { UnitSwitcher } from './UnitSwitcher';
import { UserSummary } from './UserSummary';

const MENU_WIDTH = 248;

const Frame = styled('div')(({ theme }) => ({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: theme.palette.background.default,
  color: theme.palette.text.primary,
}));

const HeaderLogo = styled('img')({ display: 'block', maxHeight: 32, maxWidth: 120, objectFit: 'contain' });

const StoreName = styled(Typography)({ flex: 1, minWidth: 0, fontWeight: 600 });

const Body = styled('div')({ flex: 1, minHeight: 0, display: 'flex' });

const SideMenu = styled('aside')(({ theme }) => ({
  width: MENU_WIDTH,
  flexShrink: 0,
  overflowY: 'auto',
  padding: theme.spacing(2, 1),
  borderRight: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
}));

// The mobile menu's drawer (with MUI's Modal and focus trap) is a chunk of its own: desktop never loads it, a phone
// loads it as soon as the signed-in layout renders, before the menu button can be pressed (issue 14 §5).
const Drawer = lazy(() => import('@mui/material/Drawer'));

const DrawerContent = styled('div')(({ theme }) => ({
  width: Math.min(MENU_WIDTH + 32, 320),
  maxWidth: '85vw',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  padding: theme.spacing(2, 1),
}));

const Content = styled('main', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    flex: 1,
    minWidth: 0,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    padding: mobile ? theme.spacing(2) : theme.spacing(5, 4),
  }),
);

/**
 * The portal's frame (shell §2): header with the store, the signed-in user and company, Sign out and Close; a
 * side menu on desktop, a drawer behind the menu button at a body width of 750 px or less. A user who may act for
 * units below their company switches between them in the header (issue 40), and a bar under it says which unit
 * they act for while it is not their own.
 */
export function PortalLayout() {
  const t = useMessages(appMessages);
  const mobile = useMobileLayout();
  const navigate = useNavigate();
  const { requestClose } = usePortalControls();
  const { data: store } = useStoreBasicInfo();
  const access = useAccessState();
  const { signOut } = useSessionActions();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const contentRef = useRef<HTMLElement>(null);
  // As the Close button: the portal is a modal dialog, and Escape closes one (issue 15).
  useEscapeToClose(requestClose);
  const storeName = store?.storeName ?? '';
  const customer = access.status === 'ready' ? access.customer : null;
  const menu = access.status === 'ready' ? menuRoutes(access.context) : [];

  const handleSignOut = async () => {
    setSigningOut(true);
    setDrawerOpen(false);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
    // shell §2: signing out lands on the sign-in page with flag 3.
    navigate(loginPath(3), { replace: true });
  };

  const signOutButton = customer && (
    <Button variant="outlined" size="small" onClick={() => void handleSignOut()} loading={signingOut} disabled={signingOut}>
      {t('header.signOut')}
    </Button>
  );

  return (
    <Frame role="dialog" aria-modal="true" aria-label={t('layout.label', { storeName })}>
      <AppBar>
        <Toolbar variant={mobile ? 'dense' : 'regular'}>
          {mobile && customer && (
            <IconButton edge="start" aria-label={t('header.openMenu')} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
            </IconButton>
          )}
          {store?.storeLogo && <HeaderLogo src={store.storeLogo} alt="" />}
          <StoreName variant="subtitle1" noWrap>
            {storeName}
          </StoreName>
          {!mobile && customer?.companyInfo && <UnitSwitcher company={customer.companyInfo} />}
          {!mobile && customer && <UserSummary customer={customer} />}
          {!mobile && signOutButton}
          <IconButton edge="end" aria-label={t('header.close')} title={t('header.close')} onClick={requestClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <ActingUnitBar customer={customer} />
      <Body>
        {!mobile && customer && menu.length > 0 && (
          <SideMenu>
            <PortalMenu routes={menu} />
          </SideMenu>
        )}
        <Content mobile={mobile} ref={contentRef}>
          <JoinedMasqueradeNotice customer={customer} />
          <AccountStatusBanner customer={customer} />
          <Outlet />
        </Content>
      </Body>
      <PageFocus contentRef={contentRef} />
      <MasqueradeBar customer={customer} />
      {mobile && customer && (
        <Suspense fallback={null}>
          <Drawer open={drawerOpen} onClose={() => setDrawerOpen(false)}>
            <DrawerContent>
              <UserSummary customer={customer} align="left" />
              {customer.companyInfo && <UnitSwitcher company={customer.companyInfo} fullWidth onSwitched={() => setDrawerOpen(false)} />}
              <Divider />
              <PortalMenu routes={menu} onNavigate={() => setDrawerOpen(false)} />
              <Divider />
              {signOutButton}
            </DrawerContent>
          </Drawer>
        </Suspense>
      )}
    </Frame>
  );
}
