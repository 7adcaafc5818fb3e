import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, generatePath } from 'react-router';

import { useCompanyColumn, withCompanyColumn } from '../../../components/companyUnits/useCompanyFilter';
import { type DataTableColumn } from '../../../components/dataTable/DataTable';
import { ListDataTable, type ListTablePaging } from '../../../components/dataTable/ListDataTable';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import type { QuoteListItem, QuoteOrderField } from '../api/quotes';
import { quotesListMessages } from '../listMessages';
import { QuoteStatusChip } from './QuoteStatusChip';

const NONE = '—';

export function quoteDetailPath(quote: Pick<QuoteListItem, 'id'>): string {
  return generatePath(ROUTE_PATHS.quoteDetail, { id: String(quote.id) });
}

export interface QuotesListTableProps extends ListTablePaging<QuoteOrderField> {
  quotes: readonly QuoteListItem[] | undefined;
}

/** The quotes list's columns over the shared data table; every column but "Created by" sorts on the server. */
export function QuotesListTable({ quotes, ...paging }: QuotesListTableProps) {
  const t = useMessages(quotesListMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();

  // Issue 40: the unit whose quote it is, when the list spans the units below the caller's.
  const companyColumn = useCompanyColumn<QuoteListItem>((quote) => quote.companyName);
  const columns: DataTableColumn<QuoteListItem, QuoteOrderField>[] = [
    {
      id: 'number',
      header: t('quotes.col.number'),
      sortKey: 'number',
      rowHeader: true,
      noWrap: true,
      card: 'title',
      cell: (quote) => (
        <Link component={RouterLink} to={quoteDetailPath(quote)} variant="subtitle2">
          {quote.number}
        </Link>
      ),
    },
    { id: 'title', header: t('quotes.col.title'), sortKey: 'title', cell: (quote) => quote.title || NONE },
    { id: 'createdBy', header: t('quotes.col.createdBy'), cell: (quote) => quote.createdBy?.name || NONE },
    {
      id: 'issuedOn',
      header: t('quotes.col.issuedOn'),
      // The issue date is the quote's creation (api.md: dateFrom / dateTo bound it too).
      sortKey: 'createdAt',
      firstSortDirection: 'desc',
      noWrap: true,
      cell: (quote) => formatDate(quote.issuedOn, language),
    },
    {
      id: 'expiresOn',
      header: t('quotes.col.expiresOn'),
      sortKey: 'expiresOn',
      noWrap: true,
      cell: (quote) => formatDate(quote.expiresOn, language),
    },
    {
      id: 'status',
      header: t('quotes.col.status'),
      sortKey: 'status',
      card: 'title',
      cell: (quote) => <QuoteStatusChip status={quote.status} />,
    },
    {
      id: 'grandTotal',
      header: t('quotes.col.grandTotal'),
      sortKey: 'grandTotal',
      firstSortDirection: 'desc',
      align: 'right',
      noWrap: true,
      cell: (quote) =>
        quote.isPriced && quote.grandTotal !== null ? (
          formatMoney(quote.grandTotal, quote.currencyCode)
        ) : (
          <Typography component="span" variant="body2" color="text.secondary">
            {t('quotes.awaitingPrice')}
          </Typography>
        ),
    },
    {
      id: 'updatedAt',
      header: t('quotes.col.updatedAt'),
      sortKey: 'updatedAt',
      firstSortDirection: 'desc',
      noWrap: true,
      // The day keeps the table narrow; the time is in the tooltip.
      cell: (quote) => (
        <time dateTime={quote.updatedAt} title={formatDateTime(quote.updatedAt, language)}>
          {formatDate(quote.updatedAt, language)}
        </time>
      ),
    },
  ];

  return (
    <ListDataTable
      {...paging}
      label={t('quotes.title')}
      columns={withCompanyColumn(columns, companyColumn)}
      rows={quotes}
      getRowKey={(quote) => quote.id}
      loadingLabel={t('quotes.loading')}
    />
  );
}
