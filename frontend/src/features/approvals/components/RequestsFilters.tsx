import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { CompanyFilterSelect } from '../../../components/companyUnits/CompanyFilterSelect';
import type { CompanyFilter } from '../../../components/companyUnits/useCompanyFilter';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton } from '../../../components/listPage/FilterBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { REQUEST_STATUSES, isRequestStatus } from '../api/purchaseRequests';
import { REQUEST_STATUS_LABEL } from '../approvalTexts';
import { approvalsMessages } from '../messages';
import { hasRequestFilters, type RequestsListFilters } from '../requestsListParams';

const StatusField = styled(TextField)({ flex: '1 1 200px', maxWidth: 320 });

export interface RequestsFiltersProps {
  filters: RequestsListFilters;
  /** The unit filter of the company view (issue 40); null on the caller's own requests. */
  companyFilter: CompanyFilter | null;
  onChange(filters: RequestsListFilters): void;
  onClear(): void;
}

/** The status filter of My requests and All requests, and the unit filter of All requests; each applies at once. */
export function RequestsFilters({ filters, companyFilter, onChange, onClear }: RequestsFiltersProps) {
  const t = useMessages(approvalsMessages);
  return (
    <FilterBar label={t('approvals.filters.label')} onSubmit={() => undefined}>
      <StatusField
        select
        size="small"
        label={t('approvals.filter.status')}
        value={filters.status ?? ''}
        onChange={(event) => onChange({ ...filters, status: isRequestStatus(event.target.value) ? event.target.value : null })}
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('approvals.filter.allStatuses')}</MenuItem>
        {REQUEST_STATUSES.map((status) => (
          <MenuItem key={status} value={status}>
            {t(REQUEST_STATUS_LABEL[status])}
          </MenuItem>
        ))}
      </StatusField>
      {companyFilter && <CompanyFilterSelect filter={companyFilter} value={filters.company} onChange={(company) => onChange({ ...filters, company })} />}
      <FilterClearButton onClick={onClear} disabled={!hasRequestFilters(filters)}>
        {t('approvals.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
