import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useRef } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';

import { isInvoiceLinkWithoutCompany } from '../../../app/access';
import { useAccessState } from '../../../app/useAccess';
import { Fact, FactList } from '../../../components/PageSection';
import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { ROUTE_PATHS, loginPath } from '../../../lib/routePaths';
import { useInvoice } from '../api/invoice';
import { BackToShopLink, CompanyAccountNeeded, InvoicePanel } from '../components/CompanyAccountNeeded';
import { InvoiceDueDate } from '../components/InvoiceDates';
import { InvoiceStatusChip } from '../components/InvoiceStatusChip';
import { PayInvoicePanel } from '../components/PayInvoicePanel';
import { isInvoiceUnreachable, useInvoiceErrorText } from '../invoiceErrors';
import { invoiceDetailPath, isPositiveAmount } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { useInvoiceRights } from '../useInvoiceRights';

const Page = styled('div')(({ theme }) => ({
  maxWidth: 640,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

const PAYMENT_ROUTE = { path: ROUTE_PATHS.payment };

/** Signed in as a company user: the invoice and paying it (the invoice detail's pay flow). */
function PayInvoice({ id }: { id: string }) {
  const t = useMessages(invoicesMessages);
  const formatMoney = useFormatMoney();
  const errorText = useInvoiceErrorText();
  const rights = useInvoiceRights();
  const query = useInvoice(id, { enabled: rights.pay });
  const invoice = query.data;

  if (!rights.pay) return <Alert severity="warning">{t('invoices.error.permissionDenied')}</Alert>;
  if (query.isPending) {
    return (
      <Centered>
        <CircularProgress aria-label={t('invoices.detail.loading')} />
      </Centered>
    );
  }
  if (!invoice) {
    return (
      <Alert severity={isInvoiceUnreachable(query.error) ? 'warning' : 'error'}>
        {isInvoiceUnreachable(query.error) ? t('invoices.detail.notFound.body') : errorText(query.error)}
      </Alert>
    );
  }
  const payable = !invoice.notAllowedPay && isPositiveAmount(invoice.openBalance.value);
  return (
    <InvoicePanel variant="outlined">
      <Typography variant="h2">{t('invoices.detail.title', { number: invoice.invoiceNumber })}</Typography>
      <FactList>
        <Fact label={t('invoices.col.status')}>
          <InvoiceStatusChip status={invoice.status} />
        </Fact>
        <Fact label={t('invoices.col.dueDate')}>
          <InvoiceDueDate day={invoice.dueDate} status={invoice.status === 3 ? 0 : invoice.status} />
        </Fact>
        <Fact label={t('invoices.col.total')}>{formatMoney(invoice.originalBalance.value, invoice.originalBalance.code)}</Fact>
        <Fact label={t('invoices.col.amountDue')}>{formatMoney(invoice.openBalance.value, invoice.openBalance.code)}</Fact>
      </FactList>
      {payable ? <PayInvoicePanel invoice={invoice} /> : <Alert severity="success">{t('invoices.payment.nothingDue')}</Alert>}
      {rights.viewDetail && (
        <div>
          <Link component={RouterLink} to={invoiceDetailPath(invoice.id)}>
            {t('invoices.payment.viewInvoice')}
          </Link>
        </div>
      )}
    </InvoicePanel>
  );
}

/**
 * `/payment/:id` (shell §2 public route; issue 20): the link that pays an invoice. Signed in with a company account:
 * the invoice and the pay flow (business §4). Without a session: sign in first (shell §2 login flag 7, /login). A super
 * admin who is not masquerading or an individual customer (roles 4 and 99) keeps their session and may choose to sign
 * in with a company account (issue 36).
 */
export function PaymentPage() {
  const { id = '' } = useParams();
  const t = useMessages(invoicesMessages);
  const navigate = useNavigate();
  const access = useAccessState();
  const told = useRef(false);
  const role = access.status === 'ready' ? access.context.role : null;
  const guest = access.status === 'ready' && access.customer === null;
  const withoutCompany = role !== null && !guest && isInvoiceLinkWithoutCompany(PAYMENT_ROUTE, role);

  useEffect(() => {
    if (!guest || told.current) return;
    told.current = true;
    // shell §2: an invoice link opened without a session — sign in first (flag 7), on the sign-in page.
    toast.info(t('invoices.payment.signInFirst'));
    void navigate(loginPath(7), { replace: true });
  }, [guest, navigate, t]);

  return (
    <Page>
      <div>
        <Typography variant="h1" gutterBottom>
          {t('invoices.payment.title')}
        </Typography>
        <Typography color="text.secondary">{t('invoices.payment.intro')}</Typography>
      </div>
      {access.status !== 'ready' || guest ? (
        <Centered>
          <CircularProgress aria-label={t('invoices.detail.loading')} />
        </Centered>
      ) : withoutCompany ? (
        <CompanyAccountNeeded message="invoices.payment.needsCompany" />
      ) : (
        <PayInvoice id={id} />
      )}
      <BackToShopLink />
    </Page>
  );
}
