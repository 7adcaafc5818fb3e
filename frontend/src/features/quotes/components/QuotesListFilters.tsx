import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, useState, type FormEvent } from 'react';

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

/** Typing settles for this long before the list is asked for again: one request per search, not per key. */
export const QUOTES_FILTER_DELAY_MS = 300;

const STATUS_LABEL = {
  open: 'quotes.status.open',
  ordered: 'quotes.status.ordered',
  expired: 'quotes.status.expired',
} as const satisfies Record<QuoteStatus, string>;

const Form = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2),
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: theme.spacing(2),
})) as typeof Paper;

const SearchField = styled(TextField)({ flex: '2 1 260px' });
const StatusField = styled(TextField)({ flex: '1 1 170px' });
const DateField = styled(TextField)({ flex: '1 1 160px' });
const ClearButton = styled(Button)({ flex: '0 0 auto', alignSelf: 'center' });

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
 * (QUOTES_FILTER_DELAY_MS) or on Enter, and only when the range is valid; the status at once.
 */
export function QuotesListFilters({ filters, onChange, onClear }: QuotesListFiltersProps) {
  const t = useMessages(quotesListMessages);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

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
    clearTimeout(timer.current);
    const next = filtersOf(value, latest.current.filters);
    if (next && !sameQuoteFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), QUOTES_FILTER_DELAY_MS);
  };

  const onStatus = (value: string) => {
    const status = (QUOTE_STATUSES as readonly string[]).includes(value) ? (value as QuoteStatus) : null;
    const base = { ...filters, status };
    // One request for everything changed so far: what was typed goes along when it can.
    const next = filtersOf(draft, base) ?? base;
    clearTimeout(timer.current);
    if (!sameQuoteFilters(next, filters)) onChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const clear = () => {
    clearTimeout(timer.current);
    setDraft(draftOf(NO_QUOTE_FILTERS));
    onClear();
  };

  const dirty = hasQuoteFilters(filters) || draft.search.trim() !== '' || draft.dateFrom !== '' || draft.dateTo !== '';

  return (
    <Form variant="outlined" component="form" role="search" aria-label={t('quotes.filters.label')} onSubmit={onSubmit} noValidate>
      <SearchField
        type="search"
        size="small"
        label={t('quotes.search')}
        placeholder={t('quotes.searchPlaceholder')}
        value={draft.search}
        onChange={(event) => edit({ search: event.target.value })}
        // The form has several fields, so Enter would not submit it by itself.
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(draft);
          }
        }}
        slotProps={{ htmlInput: { maxLength: MAX_QUOTE_SEARCH_LENGTH } }}
      />
      <StatusField
        select
        size="small"
        label={t('quotes.filter.status')}
        value={filters.status ?? ''}
        onChange={(event) => onStatus(event.target.value)}
        // "All statuses" is a choice of its own, shown like the others.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
      <ClearButton variant="text" onClick={clear} disabled={!dirty}>
        {t('quotes.clearFilters')}
      </ClearButton>
    </Form>
  );
}
