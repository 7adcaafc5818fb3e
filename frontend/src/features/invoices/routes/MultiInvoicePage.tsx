import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useMemo, type MouseEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';

import { useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { ListPage, ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useInvoiceRows, type InvoiceRow } from '../api/invoiceRows';
import type { InvoiceMenuAction } from '../components/InvoiceActionsMenu';
import { MultiInvoiceList, type MultiInvoiceRowActions } from '../components/MultiInvoiceList';
import { invoiceDetailPath, orderDetailPathOf } from '../invoiceRules';
import { invoicesMessages } from '../messages';
import { DEFAULT_MULTI_INVOICE_ORDER_BY, parseMultiInvoiceOrderBy, sortInvoiceRows, type MultiInvoiceOrderBy } from '../multiInvoiceSort';
import { LINK_MAX_AGE_MS, downloadInvoicePdf, openPdfWindow } from '../pdfLinks';
import { useInvoiceRights } from '../useInvoiceRights';

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

/**
 * `/multi-invoice` (business §2 "Multi-invoice screen", issue 20): every invoice of the older list (GET /api/invoice),
 * sorted on the client by any of its five columns; the invoice number opens the PDF in a new window, the order its
 * page; a row expands to its tracking numbers and its PDF; the row menu views the invoice or its order and downloads
 * the PDF as invoice-{number}.pdf.
 */
export function MultiInvoicePage() {
  const t = useMessages(invoicesMessages);
  const errorText = useErrorText();
  const navigate = useNavigate();
  const rights = useInvoiceRights();
  const [searchParams, setSearchParams] = useSearchParams();
  const orderBy = parseMultiInvoiceOrderBy(searchParams.get('sort'));
  const list = useInvoiceRows();
  const spannedUnit = useSpannedUnitName();
  const rows = useMemo(() => sortInvoiceRows(list.data ?? [], orderBy), [list.data, orderBy]);
  const title = t('invoices.multi.title');

  const setOrderBy = (next: MultiInvoiceOrderBy) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === DEFAULT_MULTI_INVOICE_ORDER_BY) params.delete('sort');
        else params.set('sort', next);
        return params;
      },
      { replace: true },
    );

  const stale = () => Date.now() - list.dataUpdatedAt >= LINK_MAX_AGE_MS;

  /** The row's PDF link, loaded again first when the list is older than its links live. */
  const freshPdfUrl = async (row: InvoiceRow): Promise<string | null> => {
    if (!stale()) return row.pdfUrl;
    const result = await list.refetch();
    if (result.isError || !result.data) throw result.error ?? new Error('invoice list reload failed');
    return result.data.find((item) => item.id === row.id)?.pdfUrl ?? null;
  };

  const openPdf = (row: InvoiceRow) =>
    void openPdfWindow(() => freshPdfUrl(row)).then(({ result, error }) => {
      if (result === 'popupBlocked') toast.error(t('invoices.pdf.popupBlocked'));
      else if (result === 'noPdf') toast.error(t('invoices.error.pdfUrlResolution'));
      else if (result === 'failed') toast.error(errorText(error));
    });

  const downloadPdf = (row: InvoiceRow) =>
    void freshPdfUrl(row).then(
      (url) => (url ? downloadInvoicePdf(url, row.invoiceNumber) : toast.error(t('invoices.error.pdfUrlResolution'))),
      (error: unknown) => toast.error(errorText(error)),
    );

  const actions: MultiInvoiceRowActions = {
    pdfUrl: (row) => (rights.viewPdf ? row.pdfUrl : null),
    onPdfLinkClick: (row: InvoiceRow, event: MouseEvent<HTMLAnchorElement>) => {
      if (!stale()) return; // the link is still valid: the browser follows it
      event.preventDefault();
      openPdf(row);
    },
    orderPath: (row) => (rights.viewOrder && row.canViewOrder !== false ? orderDetailPathOf(row.webOrderId) : null),
    onPdfReload: () => void list.refetch(),
    menu: (row) => {
      const items: InvoiceMenuAction[] = [];
      if (rights.viewDetail) items.push({ id: 'view', label: t('invoices.menu.viewInvoice'), onSelect: () => void navigate(invoiceDetailPath(row.id)) });
      else if (rights.viewPdf && row.pdfUrl) items.push({ id: 'view', label: t('invoices.menu.viewInvoice'), onSelect: () => openPdf(row) });
      const orderPath = actions.orderPath(row);
      if (orderPath) items.push({ id: 'order', label: t('invoices.menu.viewOrder'), onSelect: () => void navigate(orderPath) });
      if (rights.viewPdf && row.pdfUrl) items.push({ id: 'download', label: t('invoices.menu.download'), onSelect: () => downloadPdf(row) });
      return items;
    },
  };

  const errorState = listErrorState(list, { title: t('invoices.loadError'), detail: errorText(list.error), retryLabel: t('invoices.retry') });

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary">{spannedUnit ? t('invoices.multi.introUnits', { company: spannedUnit }) : t('invoices.multi.intro')}</Typography>
        </div>
        {rights.invoicePage && (
          <Button component={RouterLink} to={ROUTE_PATHS.invoice} variant="outlined">
            {t('invoices.multi.toPayAndExport')}
          </Button>
        )}
      </ListPageHeader>
      {errorState ??
        (list.isPending || (list.isError && list.isFetching) ? (
          <Centered>
            <CircularProgress aria-label={t('invoices.loading')} />
          </Centered>
        ) : rows.length === 0 ? (
          <DataTableMessage title={t('invoices.empty.title')}>{t('invoices.empty.body')}</DataTableMessage>
        ) : (
          <MultiInvoiceList rows={rows} orderBy={orderBy} onOrderByChange={setOrderBy} actions={actions} label={title} />
        ))}
      <ResultCountStatus>{list.isSuccess ? t('invoices.resultCount', { count: rows.length }) : ''}</ResultCountStatus>
    </ListPage>
  );
}
