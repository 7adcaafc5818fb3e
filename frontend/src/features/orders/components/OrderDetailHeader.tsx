import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { OrderDetail } from '../api/order';
import { ordersMessages } from '../messages';
import { PAYMENT_METHOD_LABEL, PAYMENT_STATE_LABEL } from '../orderTexts';
import { Fact, FactList } from '../../../components/PageSection';
import { OrderStatusChip } from './OrderStatusChip';

const TitleRow = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
}));

/** The order's number, status and key facts: PO, who placed it and when, payment method and state. */
export function OrderDetailHeader({ order, actions }: { order: OrderDetail; actions?: ReactNode }) {
  const t = useMessages(ordersMessages);
  const language = useLanguage();
  const methodKey = PAYMENT_METHOD_LABEL[order.paymentMethod];
  const stateKey = PAYMENT_STATE_LABEL[order.paymentState];
  return (
    <header>
      <TitleRow>
        <Typography variant="h1">{t('orders.detail.title', { number: order.number })}</Typography>
        <OrderStatusChip status={order.status} label={order.statusLabel} />
      </TitleRow>
      <Typography color="text.secondary" sx={{ mt: 0.5 }}>
        {t('orders.detail.itemSummary', { items: order.itemCount, lines: order.lineCount })}
      </Typography>
      {actions}
      <FactList sx={{ mt: 3 }}>
        <Fact label={t('orders.detail.poNumber')} testId="order-po-number">
          {order.poNumber || (
            <Typography component="span" color="text.secondary">
              {t('orders.detail.noPoNumber')}
            </Typography>
          )}
        </Fact>
        <Fact label={t('orders.detail.placedBy')} testId="order-placed-by">
          {order.placedBy ? (
            <>
              {order.placedBy.name}
              {order.placedBy.name !== order.placedBy.email && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {order.placedBy.email}
                </Typography>
              )}
            </>
          ) : (
            t('orders.formerUser')
          )}
        </Fact>
        <Fact label={t('orders.detail.placedOn')} testId="order-placed-on">
          <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, language)}</time>
        </Fact>
        <Fact label={t('orders.detail.updatedAt')}>
          <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt, language)}</time>
        </Fact>
        <Fact label={t('orders.detail.paymentMethod')} testId="order-payment-method">
          {methodKey ? t(methodKey) : order.paymentMethodLabel}
        </Fact>
        <Fact label={t('orders.detail.paymentState')} testId="order-payment-state">
          {stateKey ? t(stateKey) : order.paymentStateLabel}
        </Fact>
      </FactList>
    </header>
  );
}
