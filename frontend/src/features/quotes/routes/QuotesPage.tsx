import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';

import { useCompanyFilter, useSpannedUnitName } from '../../../components/companyUnits/useCompanyFilter';
import { ListFilters } from '../../../components/listPage/ListFilters';
import { ListPageHeader, ResultCountStatus, listErrorState } from '../../../components/listPage/ListPageLayout';
import { useLastPageClamp, useUrlListState } from '../../../components/listPage/useUrlListState';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission } from '../../../lib/permissions';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { MAX_QUOTE_SEARCH_LENGTH, QUOTE_STATUSES, useQuotes } from '../api/quotes';
import { QuotePage } from '../components/QuotePage';
import { QUOTE_STATUS_LABEL, isQuoteStatus } from '../components/QuoteStatusChip';
import { QuotesListTable } from '../components/QuotesListTable';
import { quotesListMessages } from '../listMessages';
import {
  NO_QUOTE_FILTERS,
  hasQuoteFilters,
  parseQuotesListParams,
  quotesListSearchParams,
  quotesVariables,
  sameQuoteFilters,
  type QuotesListFilters,
} from '../quotesListParams';

/** The list is wider than the other quote pages: its table has eight columns. */
const ListPage = styled(QuotePage)({ maxWidth: 1280 });


/**
 * `/quotes` (issue 6): the buyer's quotes — searched, filtered by status and issue date, sorted and paged on the
 * server. The state lives in the route's query, so a reload or back / forward shows the same list.
 */
export function QuotesPage() {
  const t = useMessages(quotesListMessages);
  const errorText = useErrorText();
  const customer = useCustomerInfo();
  // Each change is a history entry: back / forward walk through the lists the buyer saw.
  const { state, update } = useUrlListState(parseQuotesListParams, quotesListSearchParams);
  // Issue 40: the quotes of a company with units below it, each with its unit, filtered by one.
  const companyFilter = useCompanyFilter();
  const list = useQuotes(quotesVariables(state, companyFilter.companyIdOf(state.company)));
  const unitSelect = companyFilter.select<QuotesListFilters>(state.company, (company) => ({ company }));
  const spannedUnit = useSpannedUnitName();
  const mayCreateQuotes = customer.data ? hasPermission(customer.data.permissions, 'create_quote') : false;

  // A page past the end (fewer quotes than when the link was made): show the last page instead.
  const settled = useLastPageClamp(list, state, update);

  const filtered = hasQuoteFilters(state);
  const noQuotesAtAll = settled && list.data?.totalCount === 0 && !filtered;
  const newQuoteButton = (variant: 'contained' | 'outlined') =>
    mayCreateQuotes && (
      <Button component={RouterLink} to={ROUTE_PATHS.quoteDraft} variant={variant}>
        {t('quotes.requestQuote')}
      </Button>
    );

  const errorState = listErrorState(list, { title: t('quotes.loadError'), detail: errorText(list.error), retryLabel: t('quotes.retry') });

  const emptyState = filtered ? (
    <DataTableMessage
      title={t('quotes.noMatch.title')}
      actions={
        <Button variant="outlined" onClick={() => update({ ...NO_QUOTE_FILTERS, page: 1 })}>
          {t('quotes.clearFilters')}
        </Button>
      }
    >
      {t('quotes.noMatch.body')}
    </DataTableMessage>
  ) : (
    <DataTableMessage title={t('quotes.empty.title')} actions={newQuoteButton('contained')}>
      {mayCreateQuotes ? t('quotes.empty.body') : t('quotes.empty.bodyReadOnly')}
    </DataTableMessage>
  );

  return (
    <ListPage>
      <ListPageHeader>
        <div>
          <Typography variant="h1" gutterBottom>
            {t('quotes.title')}
          </Typography>
          <Typography color="text.secondary">{spannedUnit ? t('quotes.introUnits', { company: spannedUnit }) : t('quotes.intro')}</Typography>
        </div>
        {!noQuotesAtAll && newQuoteButton('outlined')}
      </ListPageHeader>
      {!noQuotesAtAll && (
        // Search, status and issue-date range.
        <ListFilters<QuotesListFilters>
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={() => update({ ...NO_QUOTE_FILTERS, page: 1 })}
          texts={{ label: t('quotes.filters.label'), search: t('quotes.search'), searchPlaceholder: t('quotes.searchPlaceholder'), clear: t('quotes.clearFilters') }}
          searchMaxLength={MAX_QUOTE_SEARCH_LENGTH}
          searchFlex="2 1 260px"
          selectFlex="1 1 170px"
          selects={[
            {
              name: 'status',
              label: t('quotes.filter.status'),
              allLabel: t('quotes.status.all'),
              value: state.status ?? '',
              choices: QUOTE_STATUSES.map((status) => ({ value: status, label: t(QUOTE_STATUS_LABEL[status]) })),
              choose: (value) => ({ status: isQuoteStatus(value) ? value : null }),
            },
            ...(unitSelect ? [unitSelect] : []),
          ]}
          dateRange={{ fromLabel: t('quotes.dateFrom'), toLabel: t('quotes.dateTo'), invalidText: t('quotes.dateRangeInvalid') }}
          same={sameQuoteFilters}
          none={NO_QUOTE_FILTERS}
          hasFilters={hasQuoteFilters}
        />
      )}
      <QuotesListTable
        quotes={list.data?.quotes}
        totalCount={list.data?.totalCount ?? 0}
        page={state.page}
        pageSize={state.pageSize}
        orderBy={state.orderBy}
        loading={list.isFetching}
        errorState={errorState}
        emptyState={emptyState}
        onPageChange={(page) => update({ page })}
        onPageSizeChange={(pageSize) => update({ pageSize, page: 1 })}
        onOrderByChange={(orderBy) => update({ orderBy, page: 1 })}
      />
      <ResultCountStatus>{settled && !list.isFetching ? t('quotes.resultCount', { count: list.data?.totalCount ?? 0 }) : ''}</ResultCountStatus>
    </ListPage>
  );
}
