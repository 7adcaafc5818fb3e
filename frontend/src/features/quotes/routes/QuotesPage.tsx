import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { DataTableMessage } from '../../../components/dataTable/DataTableMessage';
import { useErrorText } from '../../../lib/errorText';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission } from '../../../lib/permissions';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import { useQuotes } from '../api/quotes';
import { QuotePage } from '../components/QuotePage';
import { QuotesListFilters } from '../components/QuotesListFilters';
import { QuotesListTable } from '../components/QuotesListTable';
import { quotesListMessages } from '../listMessages';
import {
  NO_QUOTE_FILTERS,
  hasQuoteFilters,
  parseQuotesListParams,
  quotesListSearchParams,
  quotesVariables,
  type QuotesListState,
} from '../quotesListParams';

/** The list is wider than the other quote pages: its table has eight columns. */
const ListPage = styled(QuotePage)({ maxWidth: 1280 });

const Header = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  justifyContent: 'space-between',
  gap: theme.spacing(2),
}));

const VisuallyHidden = styled('span')({
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * `/quotes` (issue 6): the buyer's quotes — searched, filtered by status and issue date, sorted and paged on the
 * server. The state lives in the route's query, so a reload or back / forward shows the same list.
 */
export function QuotesPage() {
  const t = useMessages(quotesListMessages);
  const errorText = useErrorText();
  const customer = useCustomerInfo();
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseQuotesListParams(searchParams), [searchParams]);
  const list = useQuotes(quotesVariables(state));
  const mayCreateQuotes = customer.data ? hasPermission(customer.data.permissions, 'create_quote') : false;

  // Each change is a history entry: back / forward walk through the lists the buyer saw.
  const update = (change: Partial<QuotesListState>, { replace = false } = {}) =>
    setSearchParams((current) => quotesListSearchParams({ ...parseQuotesListParams(current), ...change }), { replace });

  // A page past the end (fewer quotes than when the link was made): show the last page instead.
  const settled = list.data !== undefined && !list.isPlaceholderData;
  const lastPage = settled ? Math.max(1, Math.ceil(list.data.totalCount / state.pageSize)) : state.page;
  useEffect(() => {
    if (settled && state.page > lastPage) update({ page: lastPage }, { replace: true });
  });

  const filtered = hasQuoteFilters(state);
  const noQuotesAtAll = settled && list.data.totalCount === 0 && !filtered;
  const newQuoteButton = (variant: 'contained' | 'outlined') =>
    mayCreateQuotes && (
      <Button component={RouterLink} to={ROUTE_PATHS.quoteDraft} variant={variant}>
        {t('quotes.requestQuote')}
      </Button>
    );

  const errorState =
    list.isError && !list.isFetching ? (
      <LoadErrorAlert
        message={
          <>
            <AlertTitle>{t('quotes.loadError')}</AlertTitle>
            {errorText(list.error)}
          </>
        }
        retryLabel={t('quotes.retry')}
        onRetry={() => void list.refetch()}
      />
    ) : undefined;

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
      <Header>
        <div>
          <Typography variant="h1" gutterBottom>
            {t('quotes.title')}
          </Typography>
          <Typography color="text.secondary">{t('quotes.intro')}</Typography>
        </div>
        {!noQuotesAtAll && newQuoteButton('outlined')}
      </Header>
      {!noQuotesAtAll && (
        <QuotesListFilters
          filters={state}
          onChange={(filters) => update({ ...filters, page: 1 })}
          onClear={() => update({ ...NO_QUOTE_FILTERS, page: 1 })}
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
      <VisuallyHidden role="status">
        {settled && !list.isFetching ? t('quotes.resultCount', { count: list.data.totalCount }) : ''}
      </VisuallyHidden>
    </ListPage>
  );
}
