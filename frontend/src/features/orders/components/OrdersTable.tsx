import Link from '@mui/material/Link';
import { Link as RouterLink, useLocation } from 'react-router';

import { useCompanyColumn, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { type DataTableColumn } from '../../../components/dataTable/DataTable';
import { ListDataTable, type ListTablePaging } from '../../../components/dataTable/ListDataTable';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { OrderListItem, OrderOrderField, OrderScope } from '../api/orders';
import { ordersMessages } from '../messages';
import { orderDetailPath, type OrderDetailOrigin } from '../orderPaths';
import { OrderStatusChip } from './OrderStatusChip';

const NONE = '—';

export interface OrdersTableProps extends ListTablePaging<OrderOrderField> {
  scope: OrderScope;
  /** The table's accessible name (the page's title). */
  label: string;
  orders: readonly OrderListItem[] | undefined;
}

/**
 * The orders over the shared data table; every column but the item count sorts on the server. "Placed by" is Lab
 * orders' only: My orders are all the caller's. The order number opens the order, which can come back here.
 */
export function OrdersTable({ scope, label, orders, ...paging }: OrdersTableProps) {
  const t = useMessages(ordersMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const location = useLocation();
  const origin: OrderDetailOrigin = { scope, href: `${location.pathname}${location.search}` };
  // Issue 40: Lab orders of a company with units below it name each order's unit.
  const companyColumn = useCompanyColumn<OrderListItem>((order) => order.companyName);

  const columns: DataTableColumn<OrderListItem, OrderOrderField>[] = [
    {
      id: 'number',
      header: t('orders.col.number'),
      sortKey: 'number',
      firstSortDirection: 'desc',
      rowHeader: true,
      noWrap: true,
      card: 'title',
      cell: (order) => (
        <Link component={RouterLink} to={orderDetailPath(order.number)} state={{ orderList: origin }} variant="subtitle2">
          {order.number}
        </Link>
      ),
    },
    { id: 'poNumber', header: t('orders.col.poNumber'), sortKey: 'poNumber', cell: (order) => order.poNumber || NONE },
  ];
  if (scope === 'COMPANY') {
    columns.push({
      id: 'placedBy',
      header: t('orders.col.placedBy'),
      sortKey: 'placedBy',
      cell: (order) => order.placedBy?.name || t('orders.formerUser'),
    });
  }
  columns.push(
    {
      id: 'createdAt',
      header: t('orders.col.createdAt'),
      sortKey: 'createdAt',
      firstSortDirection: 'desc',
      noWrap: true,
      // The day keeps the table narrow; the time is in the tooltip.
      cell: (order) => (
        <time dateTime={order.createdAt} title={formatDateTime(order.createdAt, language)}>
          {formatDate(order.createdAt, language)}
        </time>
      ),
    },
    { id: 'items', header: t('orders.col.items'), noWrap: true, cell: (order) => t('orders.itemCount', { count: order.itemCount }) },
    { id: 'status', header: t('orders.col.status'), sortKey: 'status', card: 'title', cell: (order) => <OrderStatusChip status={order.status} label={order.statusLabel} /> },
    {
      id: 'grandTotal',
      header: t('orders.col.grandTotal'),
      sortKey: 'grandTotal',
      firstSortDirection: 'desc',
      align: 'right',
      noWrap: true,
      cell: (order) => formatMoney(order.grandTotal, order.currencyCode),
    },
  );

  return (
    <ListDataTable
      {...paging}
      label={label}
      columns={scope === 'COMPANY' ? withCompanyColumn(columns, companyColumn) : columns}
      rows={orders}
      getRowKey={(order) => order.id}
      loadingLabel={t('orders.loading')}
    />
  );
}
