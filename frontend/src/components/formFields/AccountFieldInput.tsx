import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useId, type Ref } from 'react';

import { dropdownOptions, type FormFieldDefinition } from '../../lib/accountFormFields';

export interface AccountFieldInputProps {
  field: FormFieldDefinition;
  value: string;
  onChange(value: string): void;
  error?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  /** The control's id; without one, it is named by the field (`name`). */
  id?: string;
  /** The dropdown's empty choice. */
  noChoiceText: string;
  /** A dropdown's choices when not the field's own (a country, a state). */
  options?: readonly { value: string; label: string }[];
  /** The input's type; by default date for a date field, else text. */
  type?: string;
  autoComplete?: string;
  /** The text field's longest answer (the `maxLength` attribute). */
  maxLength?: number | null;
  /** Rows of a multiline field. */
  minRows?: number;
  size?: 'small';
  /** Whether a checkbox's error is tied to it by aria-describedby. */
  describeCheckboxError?: boolean;
}

/** One field of the store's account form, drawn by its type: text, multiline, number, dropdown, checkbox or date (and
 * what a caller adds: a type such as e-mail, other choices). Registration, the address book and the user dialog. */
export function AccountFieldInput({
  field,
  value,
  onChange,
  error,
  disabled,
  inputRef,
  id,
  noChoiceText,
  options,
  type,
  autoComplete,
  maxLength = null,
  minRows = 3,
  size,
  describeCheckboxError = true,
}: AccountFieldInputProps) {
  const generatedId = useId();
  const name = id ? undefined : field.fieldName;
  const common = {
    id,
    name,
    label: field.labelName,
    required: field.isRequired,
    error: Boolean(error),
    helperText: error,
    disabled,
    fullWidth: true,
    size,
    value,
    inputRef,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };

  if (field.fieldType === 'checkbox') {
    const text = typeof field.valueConfigs.label === 'string' && field.valueConfigs.label ? field.valueConfigs.label : field.labelName;
    const errorId = describeCheckboxError ? (id ? `${id}-error` : generatedId) : undefined;
    return (
      <FormControl error={Boolean(error)} required={field.isRequired}>
        <FormControlLabel
          control={
            <Checkbox
              id={id}
              name={name}
              checked={value === '1'}
              disabled={disabled}
              onChange={(event) => onChange(event.target.checked ? '1' : '')}
              slotProps={describeCheckboxError ? { input: { ref: inputRef, 'aria-describedby': error ? errorId : undefined } } : undefined}
            />
          }
          label={text}
        />
        {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
      </FormControl>
    );
  }

  if (options || field.fieldType === 'dropdown') {
    return (
      <TextField {...common} select>
        <MenuItem value="">
          <em>{noChoiceText}</em>
        </MenuItem>
        {(options ?? dropdownOptions(field)).map((option) => (
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
      type={type ?? (field.fieldType === 'date' ? 'date' : 'text')}
      multiline={multiline}
      minRows={multiline ? minRows : undefined}
      autoComplete={autoComplete}
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
