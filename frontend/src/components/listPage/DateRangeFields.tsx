import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { isDateRangeValid } from './dateRange';

const DateField = styled(TextField)({ flex: '1 1 140px' });

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  fromLabel: string;
  toLabel: string;
  /** Shown under the end date while the start is after it. */
  invalidText: string;
  onChange(change: { dateFrom?: string; dateTo?: string }): void;
}

/** The two date fields of a list's date range (native date inputs: the keyboard and the phone's picker). */
export function DateRangeFields({ from, to, fromLabel, toLabel, invalidText, onChange }: DateRangeFieldsProps) {
  const invalid = !isDateRangeValid(from || null, to || null);
  return (
    <>
      <DateField
        type="date"
        size="small"
        label={fromLabel}
        value={from}
        onChange={(event) => onChange({ dateFrom: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
      />
      <DateField
        type="date"
        size="small"
        label={toLabel}
        value={to}
        onChange={(event) => onChange({ dateTo: event.target.value })}
        error={invalid}
        helperText={invalid ? invalidText : undefined}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
      />
    </>
  );
}
