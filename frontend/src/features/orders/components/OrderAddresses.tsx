import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { OrderAddress, OrderDetail } from '../api/order';
import { ordersMessages } from '../messages';

const Blocks = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))',
  gap: theme.spacing(3),
}));

const Lines = styled('address')(({ theme }) => ({
  ...theme.typography.body2,
  fontStyle: 'normal',
  overflowWrap: 'anywhere',
  '& > span': { display: 'block' },
}));

function AddressBlock({ title, address, testId }: { title: string; address: OrderAddress; testId: string }) {
  const t = useMessages(ordersMessages);
  const empty = address.lines.length === 0 && !address.phone && !address.email;
  return (
    <div data-testid={testId}>
      <Typography variant="subtitle2" component="h3" gutterBottom>
        {title}
      </Typography>
      {empty ? (
        <Typography variant="body2" color="text.secondary">
          {t('orders.address.none')}
        </Typography>
      ) : (
        <Lines>
          {address.lines.map((line, index) => (
            <span key={index}>{line}</span>
          ))}
          {address.phone && <span>{address.phone}</span>}
          {address.email && (
            <span>
              <Link href={`mailto:${address.email}`}>{address.email}</Link>
            </span>
          )}
        </Lines>
      )}
    </div>
  );
}

/** Where the goods go and where the invoice goes, as the country's post writes the lines; the buyer's message. */
export function OrderAddresses({ order }: { order: OrderDetail }) {
  const t = useMessages(ordersMessages);
  return (
    <Blocks>
      <AddressBlock title={t('orders.address.shipping')} address={order.shippingAddress} testId="order-shipping-address" />
      <AddressBlock title={t('orders.address.billing')} address={order.billingAddress} testId="order-billing-address" />
      {order.customerMessage.trim() && (
        <div>
          <Typography variant="subtitle2" component="h3" gutterBottom>
            {t('orders.detail.customerMessage')}
          </Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="order-customer-message">
            {order.customerMessage}
          </Typography>
        </div>
      )}
    </Blocks>
  );
}
