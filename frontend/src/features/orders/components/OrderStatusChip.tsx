import Chip from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { isOrderStatus } from '../api/orders';
import { ordersMessages } from '../messages';
import { ORDER_STATUS_COLOR, ORDER_STATUS_LABEL } from '../orderTexts';

/**
 * An order's status as a small coloured chip, translated by value; a status the overlay does not know yet shows the
 * server's English label. A cancelled order steps back in an outline.
 */
export function OrderStatusChip({ status, label }: { status: string; label: string }) {
  const t = useMessages(ordersMessages);
  if (!isOrderStatus(status)) return <Chip size="small" variant="outlined" label={label || status} />;
  return (
    <Chip
      size="small"
      color={ORDER_STATUS_COLOR[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      label={t(ORDER_STATUS_LABEL[status])}
      data-status={status}
    />
  );
}
