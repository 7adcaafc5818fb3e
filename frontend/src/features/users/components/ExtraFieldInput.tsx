import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, type Ref } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { UserFormField } from '../api/userFormFields';
import { usersMessages } from '../messages';
import { dropdownOptions } from '../userForm';

export interface ExtraFieldInputProps {
  field: UserFormField;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One of the store's custom user fields, drawn by its type as registration draws it (text, multiline, number,
 * dropdown, checkbox, date). Registration's own component belongs to its feature; this is the user dialog's.
 */
export function ExtraFieldInput({ field, value, onChange, error, disabled, inputRef }: ExtraFieldInputProps) {
  const t = useMessages(usersMessages);
  const helperId = useId();
  const common = {
    name: field.fieldName,
    label: field.labelName,
    required: field.isRequired,
    error: Boolean(error),
    helperText: error,
    disabled,
    fullWidth: true,
    inputRef,
  } as const;

  if (field.fieldType === 'checkbox') {
    const text = typeof field.valueConfigs.label === 'string' && field.valueConfigs.label ? field.valueConfigs.label : field.labelName;
    return (
      <FormControl error={Boolean(error)} required={field.isRequired}>
        <FormControlLabel
          control={
            <Checkbox
              name={field.fieldName}
              checked={value === '1'}
              disabled={disabled}
              slotProps={{ input: { ref: inputRef, 'aria-describedby': error ? helperId : undefined } }}
              onChange={(event) => onChange(event.target.checked ? '1' : '')}
            />
          }
          label={text}
        />
        {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
      </FormControl>
    );
  }

  if (field.fieldType === 'dropdown') {
    return (
      <TextField {...common} select value={value} onChange={(event) => onChange(event.target.value)}>
        <MenuItem value="">
          <em>{t('users.dialog.noOption')}</em>
        </MenuItem>
        {dropdownOptions(field).map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const multiline = field.fieldType === 'multiline';
  return (
    <TextField
      {...common}
      type={field.fieldType === 'date' ? 'date' : 'text'}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        inputLabel: field.fieldType === 'date' ? { shrink: true } : undefined,
        htmlInput: field.fieldType === 'number' ? { inputMode: 'numeric' } : undefined,
      }}
    />
  );
}
