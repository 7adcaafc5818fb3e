import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { Link as RouterLink } from 'react-router';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { authMessages } from '../messages';

// shell §2: the 'New Customer?' panel and its five benefits.
const BENEFITS = [
  'newCustomer.benefit.checkout',
  'newCustomer.benefit.addresses',
  'newCustomer.benefit.orderHistory',
  'newCustomer.benefit.trackOrders',
  'newCustomer.benefit.wishList',
] as const;

const Panel = styled('section')(({ theme }) => ({
  padding: theme.spacing(4),
  border: `1px solid ${theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.grey[50],
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2.5) },
}));

const Benefits = styled('ul')(({ theme }) => ({
  margin: theme.spacing(2, 0, 0),
  paddingLeft: theme.spacing(2.5),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1),
  color: theme.palette.text.primary,
  '& li::marker': { color: theme.palette.primary.textOnLight },
}));

/** shell §2 'CREATE ACCOUNT': the way to /register, shown when the store lets visitors register. */
export function CreateAccountButton() {
  const t = useMessages(authMessages);
  return (
    <Button component={RouterLink} to={ROUTE_PATHS.register} variant="outlined" fullWidth>
      {t('login.createAccount')}
    </Button>
  );
}

export function NewCustomerPanel({ canRegister = false }: { canRegister?: boolean }) {
  const t = useMessages(authMessages);
  return (
    <Panel aria-labelledby="b2b-new-customer-title">
      <Typography variant="h2" id="b2b-new-customer-title" gutterBottom>
        {t('newCustomer.title')}
      </Typography>
      <Typography color="text.secondary">{t('newCustomer.intro')}</Typography>
      <Benefits>
        {BENEFITS.map((key) => (
          <li key={key}>
            <Typography component="span">{t(key)}</Typography>
          </li>
        ))}
      </Benefits>
      {canRegister && (
        <div style={{ marginTop: 24 }}>
          <CreateAccountButton />
        </div>
      )}
    </Panel>
  );
}
