import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { DateRangeFields } from '../../../components/listPage/DateRangeFields';
import { typedDateRange } from '../../../components/listPage/dateRange';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField } from '../../../components/listPage/FilterBar';
import { useFilterDraft } from '../../../components/listPage/useFilterDraft';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { MAX_QUOTE_SEARCH_LENGTH, QUOTE_STATUSES, type QuoteStatus } from '../api/quotes';
import { quotesListMessages } from '../listMessages';
import { NO_QUOTE_FILTERS, hasQuoteFilters, sameQuoteFilters, type QuotesListFilters as Filters } from '../quotesListParams';

const STATUS_LABEL = {
  open: 'quotes.status.open',
  ordered: 'quotes.status.ordered',
  expired: 'quotes.status.expired',
} as const satisfies Record<QuoteStatus, string>;

const StatusField = styled(TextField)({ flex: '1 1 170px' });

const draftOf = (filters: Filters) => ({ search: filters.search, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' });

function toFilters(draft: ReturnType<typeof draftOf>, base: Filters): Filters | null {
  const range = typedDateRange(draft.dateFrom, draft.dateTo);
  return range && { ...base, ...range, search: draft.search.trim().slice(0, MAX_QUOTE_SEARCH_LENGTH) };
}

export interface QuotesListFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: Filters;
  onChange(filters: Filters): void;
  onClear(): void;
}

/**
 * Search, status and issue-date range of the quotes list. Text and dates are applied once typing settles
 * (FILTER_DELAY_MS) or on Enter, and only when the range is valid; the status at once.
 */
export function QuotesListFilters({ filters, onChange, onClear }: QuotesListFiltersProps) {
  const t = useMessages(quotesListMessages);
  const { draft, edit, apply, choose, clear, typed } = useFilterDraft({
    filters,
    onChange,
    onClear,
    draftOf,
    toFilters,
    same: sameQuoteFilters,
    none: NO_QUOTE_FILTERS,
  });
  const dirty = hasQuoteFilters(filters) || typed;
  const onStatus = (value: string) =>
    choose({ status: (QUOTE_STATUSES as readonly string[]).includes(value) ? (value as QuoteStatus) : null });

  return (
    <FilterBar label={t('quotes.filters.label')} onSubmit={() => apply()}>
      <FilterSearchField
        label={t('quotes.search')}
        placeholder={t('quotes.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_QUOTE_SEARCH_LENGTH}
        flex="2 1 260px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
      />
      <StatusField
        select
        size="small"
        label={t('quotes.filter.status')}
        value={filters.status ?? ''}
        onChange={(event) => onStatus(event.target.value)}
        // "All statuses" is a choice of its own, shown like the others.
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('quotes.status.all')}</MenuItem>
        {QUOTE_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(STATUS_LABEL[status])}
          </MenuItem>
        ))}
      </StatusField>
      <DateRangeFields
        from={draft.dateFrom}
        to={draft.dateTo}
        fromLabel={t('quotes.dateFrom')}
        toLabel={t('quotes.dateTo')}
        invalidText={t('quotes.dateRangeInvalid')}
        onChange={edit}
      />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('quotes.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
