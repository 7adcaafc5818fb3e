import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField, useFilterTimer } from '../../../components/listPage/FilterBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { placerName, type OrderPlacer } from '../api/orderPlacedBy';
import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUSES, isOrderStatus } from '../api/orders';
import { ordersMessages } from '../messages';
import { ORDER_STATUS_LABEL } from '../orderTexts';
import {
  NO_ORDER_FILTERS,
  hasOrderFilters,
  isDateRangeValid,
  isIsoDate,
  sameOrderFilters,
  type OrdersListFilters as Filters,
} from '../ordersListParams';

// Bases small enough for the five fields of Lab orders and the clear button to share one row at 1280 px.
const SelectField = styled(TextField)({ flex: '1 1 140px' });
const DateField = styled(TextField)({ flex: '1 1 140px' });

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

export interface OrdersListFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: Filters;
  /** The choices of the "placed by" filter (Lab orders); null: the list has no such filter (My orders). */
  placers: readonly OrderPlacer[] | null;
  onChange(filters: Filters): void;
  onClear(): void;
}

/**
 * Search, status, the date range the order was placed in and, on Lab orders, who placed it. Text and dates are
 * applied once typing settles (FILTER_DELAY_MS) or on Enter, and only when the range is valid; the selects at once.
 */
export function OrdersListFilters({ filters, placers, onChange, onClear }: OrdersListFiltersProps) {
  const t = useMessages(ordersMessages);
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
    return { ...base, search: value.search.trim().slice(0, MAX_ORDER_SEARCH_LENGTH), dateFrom, dateTo };
  };

  const apply = (value: Draft) => {
    timer.cancel();
    const next = filtersOf(value, latest.current.filters);
    if (next && !sameOrderFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    timer.schedule(() => apply(next));
  };

  /** A select changed: one request for everything changed so far (what was typed goes along when it can). */
  const choose = (change: Partial<Filters>) => {
    const base = { ...filters, ...change };
    const next = filtersOf(draft, base) ?? base;
    timer.cancel();
    if (!sameOrderFilters(next, filters)) onChange(next);
  };

  const clear = () => {
    timer.cancel();
    setDraft(draftOf(NO_ORDER_FILTERS));
    onClear();
  };

  const dirty = hasOrderFilters(filters) || draft.search.trim() !== '' || draft.dateFrom !== '' || draft.dateTo !== '';
  // A person in the URL who is not among the choices (yet) is shown as "anyone" rather than as a bare id.
  const placedBy = filters.placedBy !== null && placers?.some((placer) => placer.id === filters.placedBy) ? String(filters.placedBy) : '';

  return (
    <FilterBar label={t('orders.filters.label')} onSubmit={() => apply(draft)}>
      <FilterSearchField
        label={t('orders.search')}
        placeholder={t('orders.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_ORDER_SEARCH_LENGTH}
        flex="2 1 160px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply(draft)}
      />
      <SelectField
        select
        size="small"
        label={t('orders.filter.status')}
        value={filters.status ?? ''}
        onChange={(event) => choose({ status: isOrderStatus(event.target.value) ? event.target.value : null })}
        // "All statuses" is a choice of its own, shown like the others.
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('orders.filter.allStatuses')}</MenuItem>
        {ORDER_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(ORDER_STATUS_LABEL[status])}
          </MenuItem>
        ))}
      </SelectField>
      {placers && (
        <SelectField
          select
          size="small"
          label={t('orders.filter.placedBy')}
          value={placedBy}
          onChange={(event) => choose({ placedBy: event.target.value ? Number(event.target.value) : null })}
          slotProps={FILTER_SELECT_SLOT_PROPS}
        >
          <MenuItem value="">{t('orders.filter.anyone')}</MenuItem>
          {placers.map((placer) => (
            <MenuItem key={placer.id} value={String(placer.id)}>
              {placerName(placer)}
            </MenuItem>
          ))}
        </SelectField>
      )}
      <DateField
        type="date"
        size="small"
        label={t('orders.filter.dateFrom')}
        value={draft.dateFrom}
        onChange={(event) => edit({ dateFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: draft.dateTo || undefined } }}
      />
      <DateField
        type="date"
        size="small"
        label={t('orders.filter.dateTo')}
        value={draft.dateTo}
        onChange={(event) => edit({ dateTo: event.target.value })}
        error={rangeInvalid}
        helperText={rangeInvalid ? t('orders.filter.dateRangeInvalid') : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: draft.dateFrom || undefined } }}
      />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('orders.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
