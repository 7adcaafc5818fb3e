import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { InvoiceStats } from '../api/invoiceStats';
import { isPositiveAmount } from '../invoiceRules';
import { invoicesMessages } from '../messages';

const Tiles = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
  gap: theme.spacing(2),
}));

const Tile = styled(Paper)(({ theme }) => ({ padding: theme.spacing(2, 2.5), display: 'flex', flexDirection: 'column', gap: theme.spacing(0.5) }));

/** business §7 invoiceStats: what is still owed on the unpaid invoices, and how much of it is overdue. */
export function InvoiceStatsPanel({ stats, loading }: { stats: InvoiceStats | undefined; loading: boolean }) {
  const t = useMessages(invoicesMessages);
  const formatMoney = useFormatMoney();
  if (!stats && !loading) return null;
  const overdue = stats !== undefined && isPositiveAmount(stats.overDueBalance);
  return (
    <Tiles aria-label={t('invoices.stats.label')}>
      <Tile variant="outlined">
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('invoices.stats.open')}
        </Typography>
        <Typography component="dd" variant="h2" sx={{ m: 0 }} data-testid="invoice-stats-open">
          {stats ? formatMoney(stats.totalBalance, stats.currencyCode) : <Skeleton width={120} />}
        </Typography>
        {stats && (
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
            {t('invoices.stats.unpaidCount', { count: stats.invoiceCount })}
          </Typography>
        )}
      </Tile>
      <Tile variant="outlined">
        <Typography component="dt" variant="body2" color="text.secondary">
          {t('invoices.stats.overdue')}
        </Typography>
        <Typography component="dd" variant="h2" sx={{ m: 0 }} color={overdue ? 'error' : undefined} data-testid="invoice-stats-overdue">
          {stats ? formatMoney(stats.overDueBalance, stats.currencyCode) : <Skeleton width={120} />}
        </Typography>
        {stats && (
          <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
            {t('invoices.stats.overdueCount', { count: stats.overdueCount })}
          </Typography>
        )}
      </Tile>
    </Tiles>
  );
}
