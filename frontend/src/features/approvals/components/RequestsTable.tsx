import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';

import { useCompanyColumn, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import type { DataTableColumn } from '../../../components/dataTable/DataTable';
import { ListDataTable, type ListTablePaging } from '../../../components/dataTable/ListDataTable';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { PurchaseRequestRow, RequestOrderField, RequestView } from '../api/purchaseRequests';
import { requestPath } from '../approvalPaths';
import { approvalsMessages } from '../messages';
import { RequestStatusChip } from './RequestStatusChip';

const NONE = '—';

export interface RequestsTableProps extends ListTablePaging<RequestOrderField> {
  view: RequestView;
  /** The table's accessible name (the tab's name). */
  label: string;
  requests: readonly PurchaseRequestRow[] | undefined;
}

/**
 * The requests of a tab over the shared data table: number (opening the request, which can come back here), date,
 * buyer (not in My requests: they are all the caller's), the unit where the list spans units, total, cost centre,
 * status and whom a pending request waits for. Date and total sort on the server.
 */
export function RequestsTable({ view, label, requests, ...paging }: RequestsTableProps) {
  const t = useMessages(approvalsMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const location = useLocation();
  const origin = `${location.pathname}${location.search}`;
  const companyColumn = useCompanyColumn<PurchaseRequestRow>((request) => request.companyName);

  const columns: DataTableColumn<PurchaseRequestRow, RequestOrderField>[] = [
    {
      id: 'number',
      header: t('approvals.col.number'),
      rowHeader: true,
      noWrap: true,
      card: 'title',
      cell: (request) => (
        <Link
          component={RouterLink}
          to={requestPath(request.id)}
          state={{ approvalsList: origin }}
          variant="subtitle2"
          aria-label={t('approvals.requestLabel', { id: request.id })}
        >
          {t('approvals.requestNumber', { id: request.id })}
        </Link>
      ),
    },
    {
      id: 'createdAt',
      header: t('approvals.col.createdAt'),
      sortKey: 'createdAt',
      firstSortDirection: 'desc',
      noWrap: true,
      // The day keeps the table narrow; the time is in the tooltip.
      cell: (request) => (
        <time dateTime={request.createdAt} title={formatDateTime(request.createdAt, language)}>
          {formatDate(request.createdAt, language)}
        </time>
      ),
    },
  ];
  if (view !== 'mine') {
    columns.push({ id: 'buyer', header: t('approvals.col.buyer'), cell: (request) => request.requestedByName || request.requestedByEmail || t('approvals.formerUser') });
  }
  columns.push(
    {
      id: 'grandTotal',
      header: t('approvals.col.grandTotal'),
      sortKey: 'grandTotal',
      firstSortDirection: 'desc',
      align: 'right',
      noWrap: true,
      cell: (request) => formatMoney(request.grandTotal, request.currencyCode),
    },
    { id: 'costCentre', header: t('approvals.col.costCentre'), cell: (request) => request.costCentre || NONE },
    { id: 'status', header: t('approvals.col.status'), card: 'title', cell: (request) => <RequestStatusChip status={request.status} /> },
    {
      id: 'waitingFor',
      header: t('approvals.col.waitingFor'),
      cell: (request) => (request.status === 'pending' && request.currentTierLabel ? request.currentTierLabel : NONE),
    },
  );

  return (
    <ListDataTable
      {...paging}
      label={label}
      // The inbox and the company view may span the units below the one acted for; My requests are the caller's own.
      columns={view === 'mine' ? columns : withCompanyColumn(columns, companyColumn)}
      rows={requests}
      getRowKey={(request) => request.id}
      loadingLabel={t('approvals.loading')}
    />
  );
}
