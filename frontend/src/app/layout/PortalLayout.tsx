import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Outlet } from 'react-router';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { useStoreBasicInfo } from '../../lib/store/storeBasicInfo';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { appMessages } from '../messages';
import { usePortalControls } from '../PortalControls';
import { CloseIcon } from './CloseIcon';

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

const Content = styled('main', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(
  ({ theme, mobile }) => ({
    flex: 1,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
    padding: mobile ? theme.spacing(2) : theme.spacing(5, 4),
  }),
);

export function PortalLayout() {
  const t = useMessages(appMessages);
  const mobile = useMobileLayout();
  const { requestClose } = usePortalControls();
  const { data: store } = useStoreBasicInfo();
  const storeName = store?.storeName ?? '';

  return (
    <Frame role="dialog" aria-modal="true" aria-label={t('layout.label', { storeName })}>
      <AppBar>
        <Toolbar variant={mobile ? 'dense' : 'regular'}>
          {store?.storeLogo && <HeaderLogo src={store.storeLogo} alt="" />}
          <StoreName variant="subtitle1" noWrap>
            {storeName}
          </StoreName>
          <IconButton edge="end" aria-label={t('header.close')} title={t('header.close')} onClick={requestClose}>
            <CloseIcon />
          </IconButton>
        </Toolbar>
      </AppBar>
      <Content mobile={mobile}>
        <Outlet />
      </Content>
    </Frame>
  );
}
