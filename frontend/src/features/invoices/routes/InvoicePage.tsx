import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPagination } from '../../../components/dataTable/ListPagination';
import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListFilters } from '../../../components/listPage/ListFilters';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { MAX_INVOICE_SEARCH_LENGTH, useInvoices, type InvoiceListItem } from '../api/invoices';
import { useInvoiceStats } from '../api/invoiceStats';
import { useReceiptLines } from '../api/receipts';
import { ExportMenu } from '../components/ExportMenu';
import { InvoiceActionsMenu, type InvoiceMenuAction } from '../components/InvoiceActionsMenu';
import { InvoiceStatsPanel } from '../components/InvoiceStatsPanel';
import { INVOICE_STATUSES, INVOICE_STATUS_LABEL, type InvoiceStatusCode } from '../components/InvoiceStatusChip';
import { InvoicesTable, type InvoiceSelection } from '../components/InvoicesTable';
import { PaySelectionBar } from '../components/PaySelectionBar';
import { PaymentHistory } from '../components/PaymentHistory';
import { ReceiptDialog } from '../components/ReceiptDialog';
import { fromMinorUnits, invoiceDetailPath, isPositiveAmount, orderDetailPathOf, payAmountProblem, payAmountValue, toMinorUnits } from '../invoiceRules';
import {
  INVOICE_PAGE_SIZES,
  NO_INVOICE_FILTERS,
  exportFilter,
  hasInvoiceFilters,
  invoicesListSearchParams,
  invoicesVariables,
  parseInvoicesListParams,
  sameInvoiceFilters,
  type ExportScope,
  type InvoicesListFilters,
} from '../invoicesListParams';
import { invoicesMessages } from '../messages';
import { useInvoicePayment } from '../useInvoicePayment';
import { useInvoicePdf } from '../useInvoicePdf';
import { useInvoiceRights } from '../useInvoiceRights';
import { useInvoicesExport } from '../useInvoicesExport';
import { usePayAmountText } from '../usePayAmountText';

const TabPanel = styled('div')(({ theme }) => ({ display: 'flex', flexDirection: 'column', gap: theme.spacing(3) }));

/** business §4 / the server: at most 100 invoices in one payment. */
export const MAX_INVOICES_PER_PAYMENT = 100;

/** A ticked invoice (as last seen) and the amount typed to pay on it. */
interface Picked {
  invoice: InvoiceListItem;
  amount: string;
}

/** The open balance as the amount field starts: two decimals ("1234.5" → "1234.50"). */
function fullAmount(invoice: InvoiceListItem): string {
  const units = toMinorUnits(invoice.openBalance.value);
  return units === null ? invoice.openBalance.value : fromMinorUnits(units);
}

/**
 * `/invoice` (shell §2: roles 0, 1, 3 with the store's invoice switch; issue 20): the open and overdue totals, the
 * invoices searched, filtered, sorted and paged on the server, ticked over every page with an amount to pay on each,
 * "Pay selected" through the checkout (business §4), the CSV export of all, the filtered or the selected invoices,
 * and the payment history with its receipts.
 */
export function InvoicePage() {
  const t = useMessages(invoicesMessages);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const rights = useInvoiceRights();
  const formatMoney = useFormatMoney();
  const amountText = usePayAmountText();
  const mobile = useMobileLayout();
  const { state, update } = useUrlListState(parseInvoicesListParams, invoicesListSearchParams);
  // Issue 40: the invoices of a company with units below it, each with its unit, filtered by one.
  const companyFilter = useCompanyFilter();
  const chosenCompany = companyFilter.companyIdOf(state.company);
  const spannedUnit = useSpannedUnitName();
  const list = useInvoices(invoicesVariables(state, chosenCompany));
  const stats = useInvoiceStats();
  const receipts = useReceiptLines(state.paymentsPage, { enabled: rights.paymentHistory && state.tab === 'payments' });
  const settled = useLastPageClamp(list, state, update);
  const payment = useInvoicePayment();
  const exporter = useInvoicesExport();
  const pdf = useInvoicePdf();
  const [picked, setPicked] = useState<ReadonlyMap<string, Picked>>(new Map());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [receiptId, setReceiptId] = useState<string | null>(null);

  const shown = list.data?.invoices;
  // The ticked invoices as the list shows them now (a balance may have changed since they were ticked).
  const selection = useMemo(() => {
    const latest = new Map((shown ?? []).map((invoice) => [invoice.id, invoice]));
    return [...picked.values()].map((item) => ({ ...item, invoice: latest.get(item.invoice.id) ?? item.invoice }));
  }, [picked, shown]);

  const payable = (invoice: InvoiceListItem) => rights.pay && !invoice.notAllowedPay && isPositiveAmount(invoice.openBalance.value);
  const payables = selection.filter((item) => payable(item.invoice));
  const filtered = hasInvoiceFilters(state);
  const title = t('invoices.page.title');

  const edit = (change: (current: Map<string, Picked>) => void) => {
    setProblem(null);
    setPicked((current) => {
      const next = new Map(current);
      change(next);
      return next;
    });
  };

  const tableSelection: InvoiceSelection = {
    isSelected: (invoice) => picked.has(invoice.id),
    payable,
    amount: (invoice) => picked.get(invoice.id)?.amount ?? '',
    amountError: (invoice) => {
      const server = payment.lineProblems[invoice.id];
      if (server) return server;
      if (!touched.has(invoice.id) && !attempted) return null;
      const item = picked.get(invoice.id);
      return item ? amountText(payAmountProblem(item.amount, invoice.openBalance.value), invoice.openBalance) : null;
    },
    onToggle: (invoice) =>
      edit((next) => {
        if (!next.delete(invoice.id)) next.set(invoice.id, { invoice, amount: payable(invoice) ? fullAmount(invoice) : '' });
      }),
    onTogglePage: () =>
      edit((next) => {
        const page = shown ?? [];
        const all = page.length > 0 && page.every((invoice) => next.has(invoice.id));
        for (const invoice of page) {
          if (all) next.delete(invoice.id);
          else if (!next.has(invoice.id)) next.set(invoice.id, { invoice, amount: payable(invoice) ? fullAmount(invoice) : '' });
        }
      }),
    onAmountChange: (invoice, amount) => {
      payment.clearLineProblem(invoice.id);
      edit((next) => {
        const item = next.get(invoice.id);
        if (item) next.set(invoice.id, { ...item, amount });
      });
    },
    onAmountBlur: (invoice) => setTouched((current) => (current.has(invoice.id) ? current : new Set(current).add(invoice.id))),
  };

  // The sum to pay per currency, of the amounts that can be paid as typed.
  const totals = new Map<string, string[]>();
  for (const item of payables) {
    const value = payAmountValue(item.amount, item.invoice.openBalance.value);
    if (value !== null) totals.set(item.invoice.openBalance.code, [...(totals.get(item.invoice.openBalance.code) ?? []), value]);
  }
  const totalText =
    totals.size === 0
      ? null
      : [...totals.entries()]
          .map(([code, values]) => formatMoney(fromMinorUnits(values.reduce((sum, value) => sum + (toMinorUnits(value) ?? 0n), 0n)), code))
          .join(' + ');

  const payLines = async (items: readonly Picked[]) => {
    const currencies = [...new Set(items.map((item) => item.invoice.openBalance.code))];
    if (currencies.length > 1) {
      // Refused before anything is asked of the server: one payment is in one currency.
      setProblem(t('invoices.pay.currencyMismatch', { currencies: currencies.join(', ') }));
      return;
    }
    if (items.length > MAX_INVOICES_PER_PAYMENT) {
      setProblem(t('invoices.error.paymentTooMany'));
      return;
    }
    const invalid = items.find((item) => payAmountProblem(item.amount, item.invoice.openBalance.value) !== null);
    if (invalid) {
      setAttempted(true);
      setProblem(t('invoices.pay.checkAmounts'));
      const input = document.querySelector<HTMLInputElement>(`[data-invoice-amount="${CSS.escape(invalid.invoice.id)}"]`);
      input?.focus();
      // Clear of the selection bar kept at the bottom.
      input?.scrollIntoView?.({ block: 'center' });
      return;
    }
    setProblem(null);
    await payment.pay(
      items.map((item) => ({ invoiceId: item.invoice.id, amount: payAmountValue(item.amount, item.invoice.openBalance.value)! })),
      currencies[0]!,
    );
  };

  const onExport = (scope: ExportScope) => void exporter.run(exportFilter(scope, state, chosenCompany));

  const menu = (invoice: InvoiceListItem) => {
    const actions: InvoiceMenuAction[] = [];
    if (rights.viewDetail) actions.push({ id: 'view', label: t('invoices.menu.viewInvoice'), onSelect: () => void navigate(invoiceDetailPath(invoice.id)) });
    if (rights.viewPdf && invoice.hasPdf) {
      actions.push({ id: 'pdf', label: t('invoices.menu.viewPdf'), onSelect: () => pdf.view(invoice) });
      actions.push({ id: 'download', label: t('invoices.menu.download'), onSelect: () => pdf.download(invoice) });
    }
    const orderPath = rights.viewOrder && invoice.canViewOrder ? orderDetailPathOf(invoice.orderNumber) : null;
    if (orderPath) actions.push({ id: 'order', label: t('invoices.menu.viewOrder'), onSelect: () => void navigate(orderPath) });
    if (payable(invoice)) {
      actions.push({ id: 'pay', label: t('invoices.menu.payFull'), onSelect: () => void payLines([{ invoice, amount: fullAmount(invoice) }]) });
    }
    return (
      <InvoiceActionsMenu
        label={t('invoices.actionsFor', { number: invoice.invoiceNumber })}
        buttonText={t('invoices.actions')}
        actions={actions}
        disabled={payment.busy}
        compact={!mobile}
      />
    );
  };

  const errorState = listErrorState(list, { title: t('invoices.loadError'), detail: errorText(list.error), retryLabel: t('invoices.retry') });
  const noInvoicesAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const clearFilters = () => update({ ...NO_INVOICE_FILTERS, page: 1 });
  const receiptsError = listErrorState(receipts, { title: t('invoices.payments.loadError'), detail: errorText(receipts.error), retryLabel: t('invoices.retry') });
  const tab = rights.paymentHistory ? state.tab : 'invoices';

  const unitSelect = companyFilter.select<InvoicesListFilters>(state.company, (company) => ({ company }));
  const invoicesPanel = (
    <>
      {!noInvoicesAtAll && (
        // Search (invoice, order and PO numbers, the grant or cost-centre code), status and the invoice date's range.
        <ListFilters<InvoicesListFilters>
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={clearFilters}
          texts={{ label: t('invoices.filters.label'), search: t('invoices.search'), searchPlaceholder: t('invoices.searchPlaceholder'), clear: t('invoices.clearFilters') }}
          searchMaxLength={MAX_INVOICE_SEARCH_LENGTH}
          searchFlex="2 1 200px"
          selectFlex="1 1 150px"
          selects={[
            {
              name: 'status',
              label: t('invoices.filter.status'),
              allLabel: t('invoices.filter.allStatuses'),
              value: state.status === null ? '' : String(state.status),
              choices: INVOICE_STATUSES.map((status) => ({ value: String(status), label: t(INVOICE_STATUS_LABEL[status]) })),
              choose: (value) => ({ status: value === '' ? null : (Number(value) as InvoiceStatusCode) }),
            },
            ...(unitSelect ? [unitSelect] : []),
          ]}
          dateRange={{ fromLabel: t('invoices.filter.dateFrom'), toLabel: t('invoices.filter.dateTo'), invalidText: t('invoices.filter.dateRangeInvalid') }}
          same={sameInvoiceFilters}
          none={NO_INVOICE_FILTERS}
          hasFilters={hasInvoiceFilters}
        />
      )}
      {errorState ??
        (shown === undefined || (list.isError && list.isFetching) ? (
          <Paper variant="outlined" sx={{ p: 6, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress aria-label={t('invoices.loading')} />
          </Paper>
        ) : shown.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 4 }}>
            {filtered ? (
              <DataTableMessage
                title={t('invoices.noMatch.title')}
                actions={
                  <Button variant="outlined" onClick={clearFilters}>
                    {t('invoices.clearFilters')}
                  </Button>
                }
              >
                {t('invoices.noMatch.body')}
              </DataTableMessage>
            ) : (
              <DataTableMessage title={t('invoices.empty.title')}>{t('invoices.empty.body')}</DataTableMessage>
            )}
          </Paper>
        ) : (
          <div>
            <InvoicesTable
              invoices={shown}
              selection={tableSelection}
              orderBy={state.orderBy}
              onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
              menu={menu}
              canOpenDetail={rights.viewDetail}
              orderPath={(invoice) => (rights.viewOrder && invoice.canViewOrder ? orderDetailPathOf(invoice.orderNumber) : null)}
              label={t('invoices.page.tableLabel')}
              busy={list.isFetching}
            />
            <ListPagination
              totalCount={list.data?.totalCount ?? 0}
              page={state.page - 1}
              pageSize={state.pageSize}
              pageSizes={INVOICE_PAGE_SIZES}
              onPageChange={(page) => update({ page: page + 1 })}
              onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
            />
          </div>
        ))}
      {(rights.pay || rights.exportCsv) && !noInvoicesAtAll && (
        <PaySelectionBar
          count={picked.size}
          payableCount={payables.length}
          total={totalText}
          leftOut={rights.pay ? selection.length - payables.length : 0}
          problem={problem}
          canPay={rights.pay}
          busy={payment.busy}
          onPay={() => void payLines(payables)}
          onClear={() => {
            setPicked(new Map());
            setProblem(null);
            setAttempted(false);
          }}
          exportMenu={rights.exportCsv && <ExportMenu selectedIds={[...picked.keys()]} filtered={filtered} busy={exporter.busy} onExport={onExport} />}
        />
      )}
      <ResultCountStatus>{settled && !list.isFetching ? t('invoices.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
    </>
  );

  return (
    <ListPage>
      <div>
        <Link component={RouterLink} to={ROUTE_PATHS.multiInvoice} variant="body2">
          <span aria-hidden>← </span>
          {t('invoices.page.backToList')}
        </Link>
      </div>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">
            {spannedUnit
              ? t(rights.pay ? 'invoices.page.introUnits' : 'invoices.page.introNoPayUnits', { company: spannedUnit })
              : t(rights.pay ? 'invoices.page.intro' : 'invoices.page.introNoPay')}
          </Typography>
        </div>
      </ListPageHeader>
      <InvoiceStatsPanel stats={stats.data} loading={stats.isPending} />
      {rights.paymentHistory ? (
        <>
          <Tabs value={tab} onChange={(_, value: 'invoices' | 'payments') => update({ tab: value })} aria-label={t('invoices.page.tabsLabel')}>
            <Tab value="invoices" label={t('invoices.page.tabInvoices')} id="invoice-tab-invoices" aria-controls="invoice-panel-invoices" />
            <Tab value="payments" label={t('invoices.payments.title')} id="invoice-tab-payments" aria-controls="invoice-panel-payments" />
          </Tabs>
          {tab === 'invoices' ? (
            <TabPanel role="tabpanel" id="invoice-panel-invoices" aria-labelledby="invoice-tab-invoices">
              {invoicesPanel}
            </TabPanel>
          ) : (
            <TabPanel role="tabpanel" id="invoice-panel-payments" aria-labelledby="invoice-tab-payments">
              <PaymentHistory
                lines={receipts.data?.lines ?? []}
                totalCount={receipts.data?.totalCount ?? 0}
                page={state.paymentsPage}
                onPageChange={(paymentsPage) => update({ paymentsPage })}
                onOpenReceipt={setReceiptId}
                canOpenDetail={rights.viewDetail}
                errorState={receiptsError}
                busy={receipts.isFetching}
              />
            </TabPanel>
          )}
        </>
      ) : (
        invoicesPanel
      )}
      <ReceiptDialog receiptId={receiptId} onClose={() => setReceiptId(null)} />
    </ListPage>
  );
}
