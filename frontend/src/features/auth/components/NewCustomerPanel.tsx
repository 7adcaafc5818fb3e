import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
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
  '& li::marker': { color: theme.palette.primary.main },
}));

export function NewCustomerPanel() {
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
    </Panel>
  );
}
