import type { ChipProps } from '@mui/material/Chip';

import type { MessageKey } from '../../lib/i18n/keys';
import type { OrderStatus } from './api/orders';
import type { ordersMessages } from './messages';

// The values the server sends and the overlay translates (the English labels the API also sends are for other
// clients): order statuses, payment methods and states (why a line could not be reordered: components/transferReport).

type OrdersKey = MessageKey<typeof ordersMessages>;

export const ORDER_STATUS_LABEL = {
  awaiting_payment: 'orders.status.awaiting_payment',
  awaiting_fulfillment: 'orders.status.awaiting_fulfillment',
  partially_shipped: 'orders.status.partially_shipped',
  shipped: 'orders.status.shipped',
  completed: 'orders.status.completed',
  cancelled: 'orders.status.cancelled',
} as const satisfies Record<OrderStatus, OrdersKey>;

/** The chip's colour per status (the theme picks black or white text on it by contrast, business §9). */
export const ORDER_STATUS_COLOR = {
  awaiting_payment: 'warning',
  awaiting_fulfillment: 'info',
  partially_shipped: 'secondary',
  shipped: 'primary',
  completed: 'success',
  cancelled: 'default',
} as const satisfies Record<OrderStatus, ChipProps['color']>;

export const PAYMENT_METHOD_LABEL: Readonly<Record<string, OrdersKey>> = {
  purchase_order: 'orders.payment.purchase_order',
  test_card: 'orders.payment.test_card',
};

export const PAYMENT_STATE_LABEL: Readonly<Record<string, OrdersKey>> = {
  paid: 'orders.paymentState.paid',
  on_account: 'orders.paymentState.on_account',
  cancelled: 'orders.paymentState.cancelled',
};
