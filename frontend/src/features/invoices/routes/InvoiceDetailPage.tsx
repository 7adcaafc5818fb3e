import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';

import { isInvoiceLinkWithoutCompany } from '../../../app/access';
import { useAccessState } from '../../../app/useAccess';
import { DetailBackLink, DetailHeaderPanel, DetailPage, DetailPageLoading, DetailPageUnavailable } from '../../../components/DetailPage';
import { Fact, FactList, PageSection } from '../../../components/PageSection';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useInvoice, type InvoiceDetail } from '../api/invoice';
import { BackToShopLink, CompanyAccountNeeded } from '../components/CompanyAccountNeeded';
import { InvoiceDay, InvoiceDueDate } from '../components/InvoiceDates';
import { InvoicePdfPanel } from '../components/InvoicePdfPanel';
import { InvoiceStatusChip } from '../components/InvoiceStatusChip';
import { PayInvoicePanel } from '../components/PayInvoicePanel';
import { ReceiptDialog } from '../components/ReceiptDialog';
import { TrackingNumberList } from '../components/TrackingNumberList';
import { isInvoiceUnreachable } from '../invoiceErrors';
import { isPositiveAmount, orderDetailPathOf, sumAmounts } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { useInvoicePdf } from '../useInvoicePdf';
import { useInvoiceRights } from '../useInvoiceRights';

const TitleRow = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: theme.spacing(1, 2) }));

const Actions = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1) }));

const Columns = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(3),
  alignItems: 'start',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)' },
}));

const Totals = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  rowGap: theme.spacing(0.75),
  '& dt': { color: theme.palette.text.secondary },
  '& dd': { margin: 0, paddingLeft: theme.spacing(2), textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  '& .total': { fontWeight: 600, borderTop: `1px solid ${theme.palette.divider}`, paddingTop: theme.spacing(0.75) },
}));

const Stack = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(3), minWidth: 0 }));

const LineList = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '& > li': {
    display: 'flex',
    justifyContent: 'space-between',
    alignItems: 'baseline',
    gap: theme.spacing(2),
    padding: theme.spacing(1.25, 0),
    borderTop: `1px solid ${theme.palette.divider}`,
  },
  '& > li:first-of-type': { borderTop: 'none', paddingTop: 0 },
}));

const HeadCell = styled(TableCell)(({ theme }) => ({ fontWeight: 600, color: theme.palette.text.secondary }));

const INVOICE_DETAIL_ROUTE = { path: ROUTE_PATHS.invoiceDetail };

function BackLink() {
  const t = useMessages(invoicesMessages);
  return <DetailBackLink to={ROUTE_PATHS.multiInvoice}>{t('invoices.detail.back')}</DetailBackLink>;
}

function InvoiceLines({ invoice }: { invoice: InvoiceDetail }) {
  const t = useMessages(invoicesMessages);
  const mobile = useMobileLayout();
  const formatMoney = useFormatMoney();
  const money = (value: string) => formatMoney(value, invoice.openBalance.code);
  if (invoice.lines.length === 0) return <Typography color="text.secondary">{t('invoices.detail.noLines')}</Typography>;
  if (mobile) {
    return (
      <LineList aria-label={t('invoices.detail.lines')}>
        {invoice.lines.map((line) => (
          <li key={line.id}>
            <div>
              <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                {line.name}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {t('invoices.detail.lineFacts', { sku: line.sku || '—', quantity: line.quantity, price: money(line.unitPrice) })}
              </Typography>
            </div>
            <Typography component="span" sx={{ whiteSpace: 'nowrap' }}>
              {money(line.lineTotal)}
            </Typography>
          </li>
        ))}
      </LineList>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t('invoices.detail.lines')}>
        <TableHead>
          <TableRow>
            <HeadCell>{t('invoices.detail.col.product')}</HeadCell>
            <HeadCell>{t('invoices.detail.col.sku')}</HeadCell>
            <HeadCell align="right">{t('invoices.detail.col.quantity')}</HeadCell>
            <HeadCell align="right">{t('invoices.detail.col.unitPrice')}</HeadCell>
            <HeadCell align="right">{t('invoices.detail.col.tax')}</HeadCell>
            <HeadCell align="right">{t('invoices.detail.col.lineTotal')}</HeadCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoice.lines.map((line) => (
            <TableRow key={line.id}>
              <TableCell component="th" scope="row">
                {line.name}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{line.sku || '—'}</TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.unitPrice)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.tax)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(line.lineTotal)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function InvoicePayments({ invoice, onOpenReceipt }: { invoice: InvoiceDetail; onOpenReceipt(id: string): void }) {
  const t = useMessages(invoicesMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const payments = invoice.payments ?? [];
  if (payments.length === 0) return <Typography color="text.secondary">{t('invoices.detail.noPayments')}</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label={t('invoices.detail.payments')}>
        <TableHead>
          <TableRow>
            <HeadCell>{t('invoices.payments.col.paidOn')}</HeadCell>
            <HeadCell>{t('invoices.payments.col.reference')}</HeadCell>
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
          {payments.map((line) => (
            <TableRow key={line.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(line.createdAt, language)}</TableCell>
              <TableCell component="th" scope="row" sx={{ overflowWrap: 'anywhere' }}>
                {line.referenceNumber}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatMoney(line.amount.value, line.amount.code)}
              </TableCell>
              <TableCell>
                <InvoiceStatusChip status={line.paymentStatus} />
              </TableCell>
              <TableCell>{line.payerName || '—'}</TableCell>
              <TableCell>{line.paymentType}</TableCell>
              <TableCell align="right">
                <Button size="small" onClick={() => onOpenReceipt(line.receiptId)}>
                  {t('invoices.payments.viewReceipt')} <VisuallyHidden>{line.referenceNumber}</VisuallyHidden>
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * `/invoiceDetail/:id` (shell §2, issue 20): the invoice — dates, order, PO and cost centre, amounts — its lines, the
 * tracking numbers of its parcels, its payments with their receipts, its PDF (embedded, in a new window, downloaded)
 * and paying it (business §4).
 */
export function InvoiceDetailPage() {
  const { id = '' } = useParams();
  const t = useMessages(invoicesMessages);
  const formatMoney = useFormatMoney();
  const rights = useInvoiceRights();
  const pdf = useInvoicePdf();
  const access = useAccessState();
  // shell §2 lists individual customers for this route, but invoices are a company's (the server gives them none):
  // the page says so and offers a company sign-in, and their session goes on (issue 36).
  const withoutCompany = access.status === 'ready' && access.customer !== null && isInvoiceLinkWithoutCompany(INVOICE_DETAIL_ROUTE, access.context.role);
  const query = useInvoice(id, { enabled: !withoutCompany });
  const invoice = query.data;
  const [receiptId, setReceiptId] = useState<string | null>(null);

  if (withoutCompany) {
    return (
      <DetailPage>
        <Typography variant="h1">{t('invoices.detail.heading')}</Typography>
        <CompanyAccountNeeded message="invoices.detail.needsCompany" />
        <BackToShopLink />
      </DetailPage>
    );
  }

  if (query.isPending) return <DetailPageLoading label={t('invoices.detail.loading')} />;

  if (!invoice) {
    return (
      <DetailPageUnavailable
        back={<BackLink />}
        notFound={isInvoiceUnreachable(query.error)}
        heading={t('invoices.detail.heading')}
        notFoundTitle={t('invoices.detail.notFound.title')}
        notFoundBody={t('invoices.detail.notFound.body')}
        notFoundHint={t('invoices.detail.notFound.hint')}
        loadError={t('invoices.detail.loadError')}
        retryLabel={t('invoices.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const money = (value: string) => formatMoney(value, invoice.openBalance.code);
  const orderPath = rights.viewOrder && invoice.canViewOrder ? orderDetailPathOf(invoice.orderNumber) : null;
  const payable = rights.pay && !invoice.notAllowedPay && isPositiveAmount(invoice.openBalance.value);
  const paid = sumAmounts([invoice.originalBalance.value, `-${invoice.openBalance.value}`]);
  const canPdf = rights.viewPdf && invoice.hasPdf;

  return (
    <DetailPage>
      <BackLink />
      <DetailHeaderPanel variant="outlined">
        <TitleRow>
          <Typography variant="h1">{t('invoices.detail.title', { number: invoice.invoiceNumber })}</Typography>
          <InvoiceStatusChip status={invoice.status} />
        </TitleRow>
        <FactList>
          <Fact label={t('invoices.col.invoiceDate')}>
            <InvoiceDay day={invoice.invoiceDate} />
          </Fact>
          <Fact label={t('invoices.col.dueDate')} testId="invoice-due-date">
            <InvoiceDueDate day={invoice.dueDate} status={invoice.status === 3 ? 0 : invoice.status} />
          </Fact>
          <Fact label={t('invoices.col.order')}>
            {invoice.orderNumber ? (
              orderPath ? (
                <Link component={RouterLink} to={orderPath}>
                  {invoice.orderNumber}
                </Link>
              ) : (
                invoice.orderNumber
              )
            ) : (
              '—'
            )}
          </Fact>
          <Fact label={t('invoices.col.poNumber')}>{invoice.purchaseOrderNumber || '—'}</Fact>
          <Fact label={t('invoices.detail.costCentre')}>{invoice.costCentre || '—'}</Fact>
          {invoice.customerName && <Fact label={t('invoices.detail.placedBy')}>{invoice.customerName}</Fact>}
          {invoice.externalId && <Fact label={t('invoices.detail.externalId')}>{invoice.externalId}</Fact>}
        </FactList>
        {canPdf && (
          <Actions>
            <Button variant="outlined" onClick={() => pdf.view(invoice)}>
              {t('invoices.menu.viewPdf')}
            </Button>
            <Button variant="outlined" onClick={() => pdf.download(invoice)}>
              {t('invoices.menu.download')}
            </Button>
          </Actions>
        )}
      </DetailHeaderPanel>
      <PageSection title={t('invoices.detail.lines')} testId="invoice-lines">
        <InvoiceLines invoice={invoice} />
      </PageSection>
      <Columns>
        <PageSection title={t('invoices.detail.summary')}>
          <Totals>
            <dt>{t('invoices.detail.subtotal')}</dt>
            <dd>{money(invoice.details.subtotal)}</dd>
            <dt>{t('invoices.detail.shipping')}</dt>
            <dd>{money(invoice.details.shippingTotal)}</dd>
            <dt>{t('invoices.detail.tax')}</dt>
            <dd>{money(invoice.details.taxTotal)}</dd>
            <dt className="total">{t('invoices.col.total')}</dt>
            <dd className="total" data-testid="invoice-total">
              {money(invoice.originalBalance.value)}
            </dd>
            <dt>{t('invoices.detail.paid')}</dt>
            <dd>{money(paid)}</dd>
            <dt className="total">{t('invoices.col.amountDue')}</dt>
            <dd className="total" data-testid="invoice-amount-due">
              {money(invoice.openBalance.value)}
            </dd>
          </Totals>
          {invoice.billTo.length > 0 && (
            <div>
              <Typography variant="subtitle2" component="h3">
                {t('invoices.detail.billTo')}
              </Typography>
              <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
                {invoice.billTo.join('\n')}
              </Typography>
            </div>
          )}
        </PageSection>
        <Stack>
          {payable && (
            <PageSection title={t('invoices.detail.pay')} testId="invoice-pay">
              <PayInvoicePanel invoice={invoice} />
            </PageSection>
          )}
          <PageSection title={t('invoices.tracking.title')} testId="invoice-tracking">
            <TrackingNumberList
              trackingNumbers={invoice.trackingNumbers.map((item) => ({ number: item.number, carrier: item.courierName ?? item.carrier, trackingUrl: item.trackingUrl }))}
              label={t('invoices.tracking.listLabel', { number: invoice.invoiceNumber })}
            />
          </PageSection>
        </Stack>
      </Columns>
      {invoice.payments !== null && (
        <PageSection title={t('invoices.detail.payments')} testId="invoice-payments">
          <InvoicePayments invoice={invoice} onOpenReceipt={setReceiptId} />
        </PageSection>
      )}
      {canPdf && invoice.pdfUrl && (
        <PageSection title={t('invoices.pdf.title')} testId="invoice-pdf">
          <InvoicePdfPanel url={invoice.pdfUrl} label={t('invoices.pdf.frameLabel', { number: invoice.invoiceNumber })} onReload={() => void query.refetch()} />
        </PageSection>
      )}
      <ReceiptDialog receiptId={receiptId} onClose={() => setReceiptId(null)} />
    </DetailPage>
  );
}
