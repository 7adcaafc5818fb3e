import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { DateRangeFields } from '../../../components/listPage/DateRangeFields';
import { typedDateRange } from '../../../components/listPage/dateRange';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField } from '../../../components/listPage/FilterBar';
import { useFilterDraft } from '../../../components/listPage/useFilterDraft';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { MAX_INVOICE_SEARCH_LENGTH } from '../api/invoices';
import { NO_INVOICE_FILTERS, hasInvoiceFilters, sameInvoiceFilters, type InvoicesListFilters as Filters } from '../invoicesListParams';
import { invoicesMessages } from '../messages';
import { INVOICE_STATUSES, INVOICE_STATUS_LABEL, type InvoiceStatusCode } from './InvoiceStatusChip';

const SelectField = styled(TextField)({ flex: '1 1 150px' });

const draftOf = (filters: Filters) => ({ search: filters.search, dateFrom: filters.dateFrom ?? '', dateTo: filters.dateTo ?? '' });

function toFilters(draft: ReturnType<typeof draftOf>, base: Filters): Filters | null {
  const range = typedDateRange(draft.dateFrom, draft.dateTo);
  return range && { ...base, ...range, search: draft.search.trim().slice(0, MAX_INVOICE_SEARCH_LENGTH) };
}

export interface InvoicesListFiltersProps {
  filters: Filters;
  onChange(filters: Filters): void;
  onClear(): void;
}

/**
 * Search (invoice, order and PO numbers, the grant or cost-centre code), status and the invoice date's range. Text
 * and dates are applied once typing settles or on Enter, and only when the range is valid; the status at once.
 */
export function InvoicesListFilters({ filters, onChange, onClear }: InvoicesListFiltersProps) {
  const t = useMessages(invoicesMessages);
  const { draft, edit, apply, choose, clear, typed } = useFilterDraft({
    filters,
    onChange,
    onClear,
    draftOf,
    toFilters,
    same: sameInvoiceFilters,
    none: NO_INVOICE_FILTERS,
  });
  return (
    <FilterBar label={t('invoices.filters.label')} onSubmit={() => apply()}>
      <FilterSearchField
        label={t('invoices.search')}
        placeholder={t('invoices.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_INVOICE_SEARCH_LENGTH}
        flex="2 1 200px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
      />
      <SelectField
        select
        size="small"
        label={t('invoices.filter.status')}
        value={filters.status === null ? '' : String(filters.status)}
        onChange={(event) => choose({ status: event.target.value === '' ? null : (Number(event.target.value) as InvoiceStatusCode) })}
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('invoices.filter.allStatuses')}</MenuItem>
        {INVOICE_STATUSES.map((status) => (
          <MenuItem key={status} value={String(status)}>
            {t(INVOICE_STATUS_LABEL[status])}
          </MenuItem>
        ))}
      </SelectField>
      <DateRangeFields
        from={draft.dateFrom}
        to={draft.dateTo}
        fromLabel={t('invoices.filter.dateFrom')}
        toLabel={t('invoices.filter.dateTo')}
        invalidText={t('invoices.filter.dateRangeInvalid')}
        onChange={edit}
      />
      <FilterClearButton onClick={clear} disabled={!hasInvoiceFilters(filters) && !typed}>
        {t('invoices.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
