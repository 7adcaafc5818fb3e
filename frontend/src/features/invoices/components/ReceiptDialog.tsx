import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { styled } from '@mui/material/styles';
import { useId } from 'react';

import { Fact, FactList } from '../../../components/PageSection';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useReceipt } from '../api/receipts';
import { useInvoiceErrorText } from '../invoiceErrors';
import { invoicesMessages } from '../messages';
import { InvoiceStatusChip } from './InvoiceStatusChip';

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(4) }));

/** business §3 Receipt: what one payment paid — reference, payer, method, total — and the invoices it paid. */
export function ReceiptDialog({ receiptId, onClose }: { receiptId: string | null; onClose(): void }) {
  const t = useMessages(invoicesMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const errorText = useInvoiceErrorText();
  const titleId = useId();
  const query = useReceipt(receiptId);
  const receipt = query.data;
  return (
    <Dialog open={receiptId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{receipt ? t('invoices.receipt.titleOf', { reference: receipt.referenceNumber }) : t('invoices.receipt.title')}</DialogTitle>
      <DialogContent>
        {query.isPending ? (
          <Centered>
            <CircularProgress aria-label={t('invoices.receipt.loading')} />
          </Centered>
        ) : !receipt ? (
          <Alert severity="error">{errorText(query.error)}</Alert>
        ) : (
          <>
            <FactList>
              <Fact label={t('invoices.receipt.paidOn')}>{formatDateTime(receipt.createdAt, language)}</Fact>
              <Fact label={t('invoices.receipt.payer')}>{receipt.payerName || '—'}</Fact>
              <Fact label={t('invoices.receipt.method')}>{receipt.paymentType}</Fact>
              <Fact label={t('invoices.receipt.transaction')}>{receipt.transactionType}</Fact>
              <Fact label={t('invoices.receipt.total')} testId="receipt-total">
                {formatMoney(receipt.totalAmount, receipt.totalCode)}
              </Fact>
            </FactList>
            <Table size="small" aria-label={t('invoices.receipt.linesLabel')} sx={{ mt: 3 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('invoices.col.invoiceNumber')}</TableCell>
                  <TableCell>{t('invoices.receipt.statusAfter')}</TableCell>
                  <TableCell align="right">{t('invoices.receipt.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {receipt.lines.map((line) => (
                  <TableRow key={line.id}>
                    <TableCell component="th" scope="row">
                      {line.invoiceNumber}
                    </TableCell>
                    <TableCell>
                      <InvoiceStatusChip status={line.paymentStatus} />
                    </TableCell>
                    <TableCell align="right">{formatMoney(line.amount.value, line.amount.code)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('invoices.receipt.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
