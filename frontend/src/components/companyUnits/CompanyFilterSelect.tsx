import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { FILTER_SELECT_SLOT_PROPS } from '../listPage/FilterBar';
import type { CompanyFilter } from './useCompanyFilter';

const SelectField = styled(TextField, { shouldForwardProp: (prop) => prop !== 'flex' })<{ flex: string }>(({ flex }) => ({ flex }));

export interface CompanyFilterSelectProps {
  /** The list's company filter (useCompanyFilter): nothing is rendered unless it is shown. */
  filter: CompanyFilter;
  /** The unit of the list's URL; null: every unit. */
  value: number | null;
  onChange(companyId: number | null): void;
  /** Its share of the filter bar's width (CSS flex). */
  flex?: string;
}

/**
 * Issue 40: the "Company" select of a filter bar that is not ListFilters (users, addresses): every unit the list
 * spans, indented by level, or all of them.
 */
export function CompanyFilterSelect({ filter, value, onChange, flex = '1 1 180px' }: CompanyFilterSelectProps) {
  const select = filter.select(value, (companyId) => ({ companyId }));
  if (!select) return null;
  return (
    <SelectField
      select
      size="small"
      label={select.label}
      value={select.value}
      onChange={(event) => onChange(event.target.value ? Number(event.target.value) : null)}
      slotProps={FILTER_SELECT_SLOT_PROPS}
      flex={flex}
    >
      <MenuItem value="">{select.allLabel}</MenuItem>
      {select.choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </SelectField>
  );
}
