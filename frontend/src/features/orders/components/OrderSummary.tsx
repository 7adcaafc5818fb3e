import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { OrderDetail } from '../api/order';
import { ordersMessages } from '../messages';

const Rows = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  // No column gap: each row's rule runs unbroken from the label to the amount.
  '& > dt, & > dd': { padding: theme.spacing(1, 0), borderBottom: `1px solid ${theme.palette.divider}`, ...theme.typography.body1 },
  '& > dd': { margin: 0, paddingLeft: theme.spacing(3), textAlign: 'right', whiteSpace: 'nowrap' },
  '& > .total': { borderBottom: 'none', fontWeight: 700, fontSize: theme.typography.h2.fontSize },
}));

function Row({ label, testId, total, children }: { label: string; testId: string; total?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className={total ? 'total' : undefined}>{label}</dt>
      <dd className={total ? 'total' : undefined} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The order's totals as charged: subtotal and shipping excluding tax, the tax, the grand total. */
export function OrderSummary({ order }: { order: OrderDetail }) {
  const t = useMessages(ordersMessages);
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, order.currencyCode);
  return (
    <Rows>
      <Row label={t('orders.summary.subtotal')} testId="order-summary-subtotal">
        {money(order.subtotal)}
      </Row>
      <Row label={t('orders.summary.shipping')} testId="order-summary-shipping">
        {money(order.shippingTotal)}
      </Row>
      <Row label={t('orders.summary.tax')} testId="order-summary-tax">
        {money(order.taxTotal)}
      </Row>
      <Row label={t('orders.summary.grandTotal')} testId="order-summary-grand-total" total>
        {money(order.grandTotal)}
      </Row>
    </Rows>
  );
}
