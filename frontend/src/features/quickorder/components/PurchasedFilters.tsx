import { DateRangeFields } from '../../../components/listPage/DateRangeFields';
import { typedDateRange } from '../../../components/listPage/dateRange';
import { FilterBar, FilterClearButton, FilterSearchField } from '../../../components/listPage/FilterBar';
import { useFilterDraft } from '../../../components/listPage/useFilterDraft';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { MAX_PURCHASED_SEARCH_LENGTH } from '../api/purchasedProducts';
import { quickOrderMessages } from '../messages';
import { NO_PURCHASED_FILTERS, hasPurchasedFilters, samePurchasedFilters, type PurchasedFilters as Filters } from '../purchasedListParams';

const draftOf = (filters: Filters) => ({ search: filters.search, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' });

function toFilters(draft: ReturnType<typeof draftOf>, base: Filters): Filters | null {
  const range = typedDateRange(draft.dateFrom, draft.dateTo);
  return range && { ...base, ...range, search: draft.search.trim().slice(0, MAX_PURCHASED_SEARCH_LENGTH) };
}

export interface PurchasedFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: Filters;
  onChange(filters: Filters): void;
  onClear(): void;
}

/** Search (name or SKU) and the days of the orders counted; applied once typing settles, or on Enter. */
export function PurchasedFilters({ filters, onChange, onClear }: PurchasedFiltersProps) {
  const t = useMessages(quickOrderMessages);
  const { draft, edit, apply, clear, typed } = useFilterDraft({
    filters,
    onChange,
    onClear,
    draftOf,
    toFilters,
    same: samePurchasedFilters,
    none: NO_PURCHASED_FILTERS,
  });
  return (
    <FilterBar label={t('quickOrder.filters.label')} onSubmit={() => apply()}>
      <FilterSearchField
        label={t('quickOrder.search')}
        placeholder={t('quickOrder.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_PURCHASED_SEARCH_LENGTH}
        flex="1 1 100%"
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
      />
      <DateRangeFields
        from={draft.dateFrom}
        to={draft.dateTo}
        fromLabel={t('quickOrder.filter.dateFrom')}
        toLabel={t('quickOrder.filter.dateTo')}
        invalidText={t('quickOrder.filter.dateRangeInvalid')}
        onChange={edit}
      />
      <FilterClearButton onClick={clear} disabled={!(hasPurchasedFilters(filters) || typed)}>
        {t('quickOrder.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
