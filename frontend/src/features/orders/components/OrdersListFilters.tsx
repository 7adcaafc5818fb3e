import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { DateRangeFields } from '../../../components/listPage/DateRangeFields';
import { typedDateRange } from '../../../components/listPage/dateRange';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField } from '../../../components/listPage/FilterBar';
import { useFilterDraft } from '../../../components/listPage/useFilterDraft';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { placerName, type OrderPlacer } from '../api/orderPlacedBy';
import { MAX_ORDER_SEARCH_LENGTH, ORDER_STATUSES, isOrderStatus } from '../api/orders';
import { ordersMessages } from '../messages';
import { ORDER_STATUS_LABEL } from '../orderTexts';
import { NO_ORDER_FILTERS, hasOrderFilters, sameOrderFilters, type OrdersListFilters as Filters } from '../ordersListParams';

// Bases small enough for the five fields of Lab orders and the clear button to share one row at 1280 px.
const SelectField = styled(TextField)({ flex: '1 1 140px' });

const draftOf = (filters: Filters) => ({ search: filters.search, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' });

function toFilters(draft: ReturnType<typeof draftOf>, base: Filters): Filters | null {
  const range = typedDateRange(draft.dateFrom, draft.dateTo);
  return range && { ...base, ...range, search: draft.search.trim().slice(0, MAX_ORDER_SEARCH_LENGTH) };
}

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
  const { draft, edit, apply, choose, clear, typed } = useFilterDraft({
    filters,
    onChange,
    onClear,
    draftOf,
    toFilters,
    same: sameOrderFilters,
    none: NO_ORDER_FILTERS,
  });
  const dirty = hasOrderFilters(filters) || typed;
  // A person in the URL who is not among the choices (yet) is shown as "anyone" rather than as a bare id.
  const placedBy = filters.placedBy !== null && placers?.some((placer) => placer.id === filters.placedBy) ? String(filters.placedBy) : '';

  return (
    <FilterBar label={t('orders.filters.label')} onSubmit={() => apply()}>
      <FilterSearchField
        label={t('orders.search')}
        placeholder={t('orders.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_ORDER_SEARCH_LENGTH}
        flex="2 1 160px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
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
      <DateRangeFields
        from={draft.dateFrom}
        to={draft.dateTo}
        fromLabel={t('orders.filter.dateFrom')}
        toLabel={t('orders.filter.dateTo')}
        invalidText={t('orders.filter.dateRangeInvalid')}
        onChange={edit}
      />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('orders.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
