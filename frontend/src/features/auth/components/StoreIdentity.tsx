import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { authMessages } from '../messages';

const Identity = styled('div')(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  marginBottom: theme.spacing(3),
  textAlign: 'center',
}));

const Logo = styled('img')({
  display: 'block',
  maxWidth: '100%',
  maxHeight: 64,
  objectFit: 'contain',
});

export function StoreIdentity({ storeName, storeLogo }: { storeName: string; storeLogo: string | null }) {
  const t = useMessages(authMessages);
  return (
    <Identity>
      {storeLogo && <Logo src={storeLogo} alt={t('login.logoAlt', { storeName })} />}
      <Typography variant="subtitle1" color="text.secondary" data-testid="store-name">
        {storeName}
      </Typography>
    </Identity>
  );
}
