import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { dropdownOptions, extraMaxLength } from '../addressForm';
import type { AddressExtraFieldDefinition } from '../api/addressFormFields';
import { addressMessages } from '../messages';

export interface ExtraFieldInputProps {
  field: AddressExtraFieldDefinition;
  id: string;
  value: string;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  onChange(value: string): void;
}

const INPUT_TYPES: Record<string, string> = { date: 'date' };

/** One of the store's custom address fields, drawn by its type as registration draws it: text, multiline, number,
 * dropdown, checkbox or date. */
export function ExtraFieldInput({ field, id, value, error, disabled, inputRef, onChange }: ExtraFieldInputProps) {
  const t = useMessages(addressMessages);

  if (field.fieldType === 'checkbox') {
    const text = typeof field.valueConfigs.label === 'string' && field.valueConfigs.label ? field.valueConfigs.label : field.labelName;
    return (
      <FormControl error={Boolean(error)} required={field.isRequired}>
        <FormControlLabel
          control={
            <Checkbox
              id={id}
              checked={value === '1'}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked ? '1' : '')}
              slotProps={{ input: { ref: inputRef, 'aria-describedby': error ? `${id}-error` : undefined } }}
            />
          }
          label={text}
        />
        {error && <FormHelperText id={`${id}-error`}>{error}</FormHelperText>}
      </FormControl>
    );
  }

  const common = {
    id,
    label: field.labelName,
    required: field.isRequired,
    error: Boolean(error),
    helperText: error,
    disabled,
    fullWidth: true,
    size: 'small' as const,
    value,
    inputRef,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };

  if (field.fieldType === 'dropdown') {
    return (
      <TextField {...common} select>
        <MenuItem value="">
          <em>{t('addresses.noChoice')}</em>
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
  const maxLength = extraMaxLength(field);
  return (
    <TextField
      {...common}
      type={INPUT_TYPES[field.fieldType] ?? 'text'}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      slotProps={{
        inputLabel: field.fieldType === 'date' ? { shrink: true } : undefined,
        htmlInput: {
          ...(field.fieldType === 'number' ? { inputMode: 'numeric' as const } : {}),
          ...(maxLength !== null && field.fieldType !== 'number' ? { maxLength } : {}),
        },
      }}
    />
  );
}
