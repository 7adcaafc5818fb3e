import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField, useFilterTimer } from '../../../components/listPage/FilterBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { MAX_QUOTE_SEARCH_LENGTH, QUOTE_STATUSES, type QuoteStatus } from '../api/quotes';
import { quotesListMessages } from '../listMessages';
import {
  NO_QUOTE_FILTERS,
  hasQuoteFilters,
  isDateRangeValid,
  isIsoDate,
  sameQuoteFilters,
  type QuotesListFilters as Filters,
} from '../quotesListParams';

const STATUS_LABEL = {
  open: 'quotes.status.open',
  ordered: 'quotes.status.ordered',
  expired: 'quotes.status.expired',
} as const satisfies Record<QuoteStatus, string>;

const StatusField = styled(TextField)({ flex: '1 1 170px' });
const DateField = styled(TextField)({ flex: '1 1 160px' });

interface Draft {
  search: string;
  dateFrom: string;
  dateTo: string;
}

function draftOf(filters: Filters): Draft {
  return { search: filters.search, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' };
}

/** A date field is usable when empty or a full date (a half-typed native date input reads as empty). */
const usableDate = (value: string) => value === '' || isIsoDate(value);

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
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const timer = useFilterTimer(filters, onChange);
  const { latest } = timer;

  // The URL changed on its own (back / forward, a link): the fields follow it. A field whose text already means
  // the same filter keeps what the user typed (e.g. trailing spaces).
  useEffect(() => {
    setDraft((current) => (current.search.trim() === filters.search ? current : { ...current, search: filters.search }));
  }, [filters.search]);
  useEffect(() => {
    setDraft((current) => ((current.dateFrom || null) === filters.dateFrom ? current : { ...current, dateFrom: filters.dateFrom ?? '' }));
  }, [filters.dateFrom]);
  useEffect(() => {
    setDraft((current) => ((current.dateTo || null) === filters.dateTo ? current : { ...current, dateTo: filters.dateTo ?? '' }));
  }, [filters.dateTo]);

  const rangeInvalid = !isDateRangeValid(draft.dateFrom || null, draft.dateTo || null);

  /** The filters the draft stands for, or null while it cannot be applied. */
  const filtersOf = (value: Draft, base: Filters): Filters | null => {
    if (!usableDate(value.dateFrom) || !usableDate(value.dateTo)) return null;
    const dateFrom = value.dateFrom || null;
    const dateTo = value.dateTo || null;
    if (!isDateRangeValid(dateFrom, dateTo)) return null;
    return { ...base, search: value.search.trim().slice(0, MAX_QUOTE_SEARCH_LENGTH), dateFrom, dateTo };
  };

  const apply = (value: Draft) => {
    timer.cancel();
    const next = filtersOf(value, latest.current.filters);
    if (next && !sameQuoteFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    timer.schedule(() => apply(next));
  };

  const onStatus = (value: string) => {
    const status = (QUOTE_STATUSES as readonly string[]).includes(value) ? (value as QuoteStatus) : null;
    const base = { ...filters, status };
    // One request for everything changed so far: what was typed goes along when it can.
    const next = filtersOf(draft, base) ?? base;
    timer.cancel();
    if (!sameQuoteFilters(next, filters)) onChange(next);
  };

  const clear = () => {
    timer.cancel();
    setDraft(draftOf(NO_QUOTE_FILTERS));
    onClear();
  };

  const dirty = hasQuoteFilters(filters) || draft.search.trim() !== '' || draft.dateFrom !== '' || draft.dateTo !== '';

  return (
    <FilterBar label={t('quotes.filters.label')} onSubmit={() => apply(draft)}>
      <FilterSearchField
        label={t('quotes.search')}
        placeholder={t('quotes.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_QUOTE_SEARCH_LENGTH}
        flex="2 1 260px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply(draft)}
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
      <DateField
        type="date"
        size="small"
        label={t('quotes.dateFrom')}
        value={draft.dateFrom}
        onChange={(event) => edit({ dateFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.dateTo || undefined } }}
      />
      <DateField
        type="date"
        size="small"
        label={t('quotes.dateTo')}
        value={draft.dateTo}
        onChange={(event) => edit({ dateTo: event.target.value })}
        error={rangeInvalid}
        helperText={rangeInvalid ? t('quotes.dateRangeInvalid') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.dateFrom || undefined } }}
      />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('quotes.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
