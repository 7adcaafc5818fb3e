import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

import { CardFacts, CardFrame, CardHead, CardTitle } from '../../../components/CardParts';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPagination } from '../../../components/dataTable/ListPagination';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { RECEIPT_LINES_PAGE_SIZE, type ReceiptLine } from '../api/receipts';
import { invoiceDetailPath } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { InvoiceStatusChip } from './InvoiceStatusChip';

const Frame = styled(Paper)({ overflowX: 'auto' });

const HeadCell = styled(TableCell)(({ theme }) => ({
  fontWeight: 600,
  color: theme.palette.text.secondary,
  backgroundColor: theme.palette.background.default,
}));

const CardList = styled('ul')(({ theme }) => ({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: theme.spacing(1.5) }));

export interface PaymentHistoryProps {
  lines: readonly ReceiptLine[];
  totalCount: number;
  /** One-based. */
  page: number;
  onPageChange(page: number): void;
  onOpenReceipt(receiptId: string): void;
  /** Whether an invoice number opens the invoice's page. */
  canOpenDetail: boolean;
  /** Shown instead of the lines when set (a failed load). */
  errorState?: ReactNode;
  busy: boolean;
}

/**
 * The payment history (business §7 allReceiptLines, 50 at a time, business §9): each payment of an invoice — when, the
 * reference, the invoice, the amount, its status after the payment, who paid and how — and its receipt.
 */
export function PaymentHistory({ lines, totalCount, page, onPageChange, onOpenReceipt, canOpenDetail, errorState, busy }: PaymentHistoryProps) {
  const t = useMessages(invoicesMessages);
  const language = useLanguage();
  const mobile = useMobileLayout();
  const formatMoney = useFormatMoney();
  if (errorState) return <>{errorState}</>;
  if (lines.length === 0 && !busy) {
    return (
      <Paper variant="outlined" sx={{ p: 4 }}>
        <DataTableMessage title={t('invoices.payments.empty.title')}>{t('invoices.payments.empty.body')}</DataTableMessage>
      </Paper>
    );
  }
  const invoiceLink = (line: ReceiptLine) =>
    canOpenDetail ? (
      <Link component={RouterLink} to={invoiceDetailPath(line.invoiceId)}>
        {line.invoiceNumber}
      </Link>
    ) : (
      line.invoiceNumber
    );
  const receiptButton = (line: ReceiptLine) => (
    <Button size="small" onClick={() => onOpenReceipt(line.receiptId)}>
      {t('invoices.payments.viewReceipt')} <VisuallyHidden>{line.referenceNumber}</VisuallyHidden>
    </Button>
  );
  const pagination = totalCount > RECEIPT_LINES_PAGE_SIZE && (
    <ListPagination
      totalCount={totalCount}
      page={page - 1}
      pageSize={RECEIPT_LINES_PAGE_SIZE}
      pageSizes={[RECEIPT_LINES_PAGE_SIZE]}
      onPageChange={(next) => onPageChange(next + 1)}
      onPageSizeChange={() => undefined}
    />
  );

  if (mobile) {
    return (
      <>
        <CardList aria-label={t('invoices.payments.title')} aria-busy={busy}>
          {lines.map((line) => (
            <li key={line.id}>
              <CardFrame variant="outlined">
                <CardHead>
                  <CardTitle variant="subtitle1" component="h3">
                    {formatMoney(line.amount.value, line.amount.code)}
                  </CardTitle>
                  <InvoiceStatusChip status={line.paymentStatus} />
                </CardHead>
                <CardFacts>
                  <div>
                    <dt>{t('invoices.payments.col.paidOn')}</dt>
                    <dd>{formatDateTime(line.createdAt, language)}</dd>
                  </div>
                  <div>
                    <dt>{t('invoices.col.invoiceNumber')}</dt>
                    <dd>{invoiceLink(line)}</dd>
                  </div>
                  <div>
                    <dt>{t('invoices.payments.col.reference')}</dt>
                    <dd>{line.referenceNumber}</dd>
                  </div>
                  <div>
                    <dt>{t('invoices.payments.col.payer')}</dt>
                    <dd>{line.payerName || '—'}</dd>
                  </div>
                  <div>
                    <dt>{t('invoices.payments.col.method')}</dt>
                    <dd>{line.paymentType}</dd>
                  </div>
                </CardFacts>
                <div>{receiptButton(line)}</div>
              </CardFrame>
            </li>
          ))}
        </CardList>
        {pagination}
      </>
    );
  }

  return (
    <Frame variant="outlined">
      <TableContainer>
        <Table size="small" aria-label={t('invoices.payments.title')} aria-busy={busy}>
          <TableHead>
            <TableRow>
              <HeadCell>{t('invoices.payments.col.paidOn')}</HeadCell>
              <HeadCell>{t('invoices.payments.col.reference')}</HeadCell>
              <HeadCell>{t('invoices.col.invoiceNumber')}</HeadCell>
              <HeadCell align="right">{t('invoices.payments.col.amount')}</HeadCell>
              <HeadCell>{t('invoices.payments.col.statusAfter')}</HeadCell>
              <HeadCell>{t('invoices.payments.col.payer')}</HeadCell>
              <HeadCell>{t('invoices.payments.col.method')}</HeadCell>
              <HeadCell>
                <VisuallyHidden>{t('invoices.payments.col.receipt')}</VisuallyHidden>
              </HeadCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line) => (
              <TableRow key={line.id} hover>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.createdAt, language)}</TableCell>
                <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                  {line.referenceNumber}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{invoiceLink(line)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(line.amount.value, line.amount.code)}
                </TableCell>
                <TableCell>
                  <InvoiceStatusChip status={line.paymentStatus} />
                </TableCell>
                <TableCell>{line.payerName || '—'}</TableCell>
                <TableCell>
                  <Typography variant="body2">{line.paymentType}</Typography>
                </TableCell>
                <TableCell align="right">{receiptButton(line)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {pagination}
    </Frame>
  );
}
