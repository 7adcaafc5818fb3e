import TextField from '@mui/material/TextField';

import { AccountFieldInput } from '../../../components/formFields/AccountFieldInput';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { AccountFormField } from '../api/accountFormFields';
import { statesOf, type Country } from '../../../lib/countries';
import type { FormValues } from '../formModel';
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
  const change = (text: string) => onChange(name, text);

  const options =
    field.fieldType === 'country'
      ? (countries ?? []).map((country) => ({ value: country.countryCode, label: country.countryName }))
      : field.fieldType === 'state'
        ? statesOf(countries, values.country ?? '').map((state) => ({ value: state.stateCode, label: state.stateName }))
        : undefined;
  // A country without a list of states takes a free-text state (or none).
  if (field.fieldType === 'state' && options?.length === 0) {
    return (
      <TextField
        name={name}
        label={field.labelName}
        error={Boolean(error)}
        helperText={error}
        disabled={disabled}
        fullWidth
        required={false}
        value={value}
        onChange={(event) => change(event.target.value)}
        autoComplete="address-level1"
      />
    );
  }
  return (
    <AccountFieldInput
      field={field}
      value={value}
      onChange={change}
      error={error}
      disabled={disabled}
      noChoiceText={t('register.noOption')}
      options={options}
      type={INPUT_TYPES[field.fieldType] ?? 'text'}
      autoComplete={AUTOCOMPLETE[name]}
      describeCheckboxError={false}
    />
  );
}
