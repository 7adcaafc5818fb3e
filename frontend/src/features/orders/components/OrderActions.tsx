import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { OrderDetail } from '../api/order';
import type { TransferTarget } from '../api/orderTransfer';
import { ordersMessages } from '../messages';

const Bar = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: theme.spacing(1.5),
  marginTop: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { '& > button': { flex: '1 1 100%' } },
}));

export type OrderAction = TransferTarget | 'print';

export interface OrderActionsProps {
  order: OrderDetail;
  /** How many lines are ticked (0: the actions take every line). */
  selectedCount: number;
  busy: OrderAction | null;
  onAction(action: OrderAction): void;
}

/**
 * Reorder (canReorder) and Add to quote (canAddToQuote) take the ticked lines, or all of them when none is ticked;
 * Print opens the order's PDF in a new tab.
 */
export function OrderActions({ order, selectedCount, busy, onAction }: OrderActionsProps) {
  const t = useMessages(ordersMessages);
  const transfers = order.canReorder || order.canAddToQuote;
  return (
    <>
      <Bar role="group" aria-label={t('orders.actions.label')}>
        {order.canReorder && (
          <Button variant="contained" loading={busy === 'cart'} loadingPosition="start" disabled={busy !== null} onClick={() => onAction('cart')}>
            {t('orders.actions.reorder')}
          </Button>
        )}
        {order.canAddToQuote && (
          <Button variant="outlined" loading={busy === 'quote'} loadingPosition="start" disabled={busy !== null} onClick={() => onAction('quote')}>
            {t('orders.actions.addToQuote')}
          </Button>
        )}
        <Button variant="outlined" loading={busy === 'print'} loadingPosition="start" disabled={busy !== null} onClick={() => onAction('print')}>
          {t('orders.actions.print')}
        </Button>
      </Bar>
      {transfers && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }} data-testid="order-selection-hint">
          {selectedCount === 0 ? t('orders.actions.allLines') : t('orders.actions.selectedLines', { count: selectedCount })}
        </Typography>
      )}
    </>
  );
}
