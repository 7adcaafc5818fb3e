import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { LineAmountCells, LineAmountFacts, LineCard, LineCardFacts, LineCardList, LineProductDetails } from '../../../components/LineParts';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { PurchaseRequestDetail, PurchaseRequestLine } from '../api/purchaseRequest';
import { approvalsMessages } from '../messages';

function Product({ line }: { line: PurchaseRequestLine }) {
  const t = useMessages(approvalsMessages);
  return (
    <div style={{ minWidth: 0 }}>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
        {line.name}
      </Typography>
      <LineProductDetails skuText={t('approvals.lines.sku', { sku: line.sku })} options={line.options} />
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
        <LineCardList aria-label={t('approvals.section.lines')}>
          {request.lines.map((line, index) => (
            <li key={`${line.sku}-${index}`}>
              <LineCard variant="outlined">
                <Product line={line} />
                <LineCardFacts>
                  <dt>{t('approvals.lines.quantity')}</dt>
                  <dd>{line.quantity}</dd>
                  <LineAmountFacts
                    unitPrice={money(line.unitPrice)}
                    lineTotal={money(line.lineTotal)}
                    unitPriceLabel={t('approvals.lines.unitPrice')}
                    lineTotalLabel={t('approvals.lines.total')}
                  />
                </LineCardFacts>
              </LineCard>
            </li>
          ))}
        </LineCardList>
        <LineCardFacts>
          {totals.map((row) => (
            <div key={row.key} style={{ display: 'contents' }}>
              <dt className={row.total ? 'total' : undefined}>{row.label}</dt>
              <dd className={row.total ? 'total' : undefined} data-testid={`request-${row.key}`}>
                {money(row.amount)}
              </dd>
            </div>
          ))}
        </LineCardFacts>
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
              <LineAmountCells unitPrice={money(line.unitPrice)} lineTotal={money(line.lineTotal)} />
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
