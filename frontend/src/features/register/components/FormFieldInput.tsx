import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { AccountFormField } from '../api/accountFormFields';
import { statesOf, type Country } from '../../../lib/countries';
import { dropdownOptions, type FormValues } from '../formModel';
import { registerMessages } from '../messages';

export interface FormFieldInputProps {
  field: AccountFormField;
  values: FormValues;
  onChange(name: string, value: string): void;
  error?: string;
  countries?: readonly Country[];
  disabled?: boolean;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', phone: 'tel', password: 'password', date: 'date' };
const AUTOCOMPLETE: Record<string, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phoneNumber: 'tel',
  password: 'new-password',
  companyName: 'organization',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  zipCode: 'postal-code',
};

/** One field of a registration form, drawn by its type (text, multiline, number, dropdown, checkbox, date and
 * the built-in email, phone, password, country and state). Files are drawn by the drop zone. */
export function FormFieldInput({ field, values, onChange, error, countries, disabled }: FormFieldInputProps) {
  const t = useMessages(registerMessages);
  const name = field.fieldName;
  const value = values[name] ?? '';
  const common = {
    name,
    label: field.labelName,
    required: field.isRequired,
    error: Boolean(error),
    helperText: error,
    disabled,
    fullWidth: true,
  } as const;

  if (field.fieldType === 'checkbox') {
    const text = typeof field.valueConfigs.label === 'string' && field.valueConfigs.label ? field.valueConfigs.label : field.labelName;
    return (
      <FormControl error={Boolean(error)} required={field.isRequired}>
        <FormControlLabel
          control={<Checkbox name={name} checked={value === '1'} disabled={disabled} onChange={(event) => onChange(name, event.target.checked ? '1' : '')} />}
          label={text}
        />
        {error && <FormHelperText>{error}</FormHelperText>}
      </FormControl>
    );
  }

  if (field.fieldType === 'dropdown' || field.fieldType === 'country' || field.fieldType === 'state') {
    const options =
      field.fieldType === 'dropdown'
        ? dropdownOptions(field)
        : field.fieldType === 'country'
          ? (countries ?? []).map((country) => ({ value: country.countryCode, label: country.countryName }))
          : statesOf(countries, values.country ?? '').map((state) => ({ value: state.stateCode, label: state.stateName }));
    // A country without a list of states takes a free-text state (or none).
    if (field.fieldType === 'state' && options.length === 0) {
      return <TextField {...common} required={false} value={value} onChange={(event) => onChange(name, event.target.value)} autoComplete="address-level1" />;
    }
    return (
      <TextField
        {...common}
        select
        value={value}
        onChange={(event) => onChange(name, event.target.value)}
      >
        <MenuItem value="">
          <em>{t('register.noOption')}</em>
        </MenuItem>
        {options.map((option) => (
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
      type={INPUT_TYPES[field.fieldType] ?? 'text'}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      value={value}
      autoComplete={AUTOCOMPLETE[name]}
      onChange={(event) => onChange(name, event.target.value)}
      slotProps={{
        inputLabel: field.fieldType === 'date' ? { shrink: true } : undefined,
        htmlInput: field.fieldType === 'number' ? { inputMode: 'numeric' } : undefined,
      }}
    />
  );
}
