import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { PurchaseRequestDetail, PurchaseRequestLine } from '../api/purchaseRequest';
import { approvalsMessages } from '../messages';

const CardList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(1.5),
}));

const Card = styled(Paper)(({ theme }) => ({ padding: theme.spacing(1.5, 2), display: 'flex', flexDirection: 'column', gap: theme.spacing(1) }));

const Facts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'minmax(7em, auto) 1fr',
  columnGap: theme.spacing(2),
  rowGap: theme.spacing(0.5),
  '& dt': { ...theme.typography.body2, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, textAlign: 'right' },
  '& .total': { fontWeight: 700 },
}));

function Product({ line }: { line: PurchaseRequestLine }) {
  const t = useMessages(approvalsMessages);
  return (
    <div style={{ minWidth: 0 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('approvals.lines.sku', { sku: line.sku })}
      </Typography>
      {line.options.map((option) => (
        <Typography key={`${option.name}:${option.value}`} variant="body2" color="text.secondary">
          {option.name}: {option.value}
        </Typography>
      ))}
    </div>
  );
}

/**
 * The order as the buyer submitted it, at the prices held for it: its lines, then subtotal, shipping, tax and the
 * grand total. A table on wide screens, cards on the mobile layout (shell §2, 750 px).
 */
export function RequestLines({ request }: { request: PurchaseRequestDetail }) {
  const t = useMessages(approvalsMessages);
  const formatMoney = useFormatMoney();
  const mobile = useMobileLayout();
  const money = (amount: string) => formatMoney(amount, request.currencyCode);
  const totals: readonly { key: string; label: string; amount: string; total?: boolean }[] = [
    { key: 'subtotal', label: t('approvals.summary.subtotal'), amount: request.subtotal },
    { key: 'shipping', label: t('approvals.summary.shipping'), amount: request.shippingTotal },
    { key: 'tax', label: t('approvals.summary.tax'), amount: request.taxTotal },
    { key: 'grand-total', label: t('approvals.summary.grandTotal'), amount: request.grandTotal, total: true },
  ];

  if (mobile) {
    return (
      <>
        <CardList aria-label={t('approvals.section.lines')}>
          {request.lines.map((line, index) => (
            <li key={`${line.sku}-${index}`}>
              <Card variant="outlined">
                <Product line={line} />
                <Facts>
                  <dt>{t('approvals.lines.quantity')}</dt>
                  <dd>{line.quantity}</dd>
                  <dt>{t('approvals.lines.unitPrice')}</dt>
                  <dd>{money(line.unitPrice)}</dd>
                  <dt>{t('approvals.lines.total')}</dt>
                  <dd>
                    <strong>{money(line.lineTotal)}</strong>
                  </dd>
                </Facts>
              </Card>
            </li>
          ))}
        </CardList>
        <Facts>
          {totals.map((row) => (
            <div key={row.key} style={{ display: 'contents' }}>
              <dt className={row.total ? 'total' : undefined}>{row.label}</dt>
              <dd className={row.total ? 'total' : undefined} data-testid={`request-${row.key}`}>
                {money(row.amount)}
              </dd>
            </div>
          ))}
        </Facts>
      </>
    );
  }

  return (
    // A wide table scrolls sideways in its own box, which the keyboard reaches (axe scrollable-region-focusable).
    <div role="group" aria-label={t('approvals.section.lines')} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('approvals.section.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('approvals.lines.product')}</TableCell>
            <TableCell align="right">{t('approvals.lines.quantity')}</TableCell>
            <TableCell align="right">{t('approvals.lines.unitPrice')}</TableCell>
            <TableCell align="right">{t('approvals.lines.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {request.lines.map((line, index) => (
            <TableRow key={`${line.sku}-${index}`}>
              <TableCell>
                <Product line={line} />
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.unitPrice)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {money(line.lineTotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          {totals.map((row) => (
            <TableRow key={row.key}>
              <TableCell colSpan={3} align="right" sx={{ color: 'text.primary', fontWeight: row.total ? 700 : 400, borderBottom: row.total ? 0 : undefined }}>
                {row.label}
              </TableCell>
              <TableCell
                align="right"
                data-testid={`request-${row.key}`}
                sx={{ whiteSpace: 'nowrap', color: 'text.primary', fontWeight: row.total ? 700 : 400, borderBottom: row.total ? 0 : undefined }}
              >
                {money(row.amount)}
              </TableCell>
            </TableRow>
          ))}
        </TableFooter>
      </Table>
    </div>
  );
}
