import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId, type ChangeEventHandler, type FocusEventHandler, type ReactNode, type Ref } from 'react';

export interface TextInputProps {
  label: ReactNode;
  name?: string;
  type?: 'text' | 'email' | 'password' | 'tel' | 'search' | 'url';
  autoComplete?: string;
  value: string;
  onChange: ChangeEventHandler<HTMLInputElement>;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  fullWidth?: boolean;
  /** Shown at the end of the field, inside it (a progress indicator). */
  endAdornment?: ReactNode;
}

/**
 * An outlined text field that looks and reads like MUI's `TextField` (label, notch, helper text tied to the input
 * by aria-describedby) without `TextField`'s `select` mode, whose Select, Menu, Popover and Modal weigh about
 * 11 kB gzip: pages that show only plain inputs first (sign-in, password reset) use this one (issue 14 §5).
 */
export function TextInput({
  label, name, type = 'text', autoComplete, value, onChange, onBlur, required, disabled, error, helperText,
  inputRef, fullWidth = true, endAdornment,
}: TextInputProps) {
  const id = useId();
  const helperId = helperText ? `${id}-helper` : undefined;
  return (
    <FormControl variant="outlined" required={required} disabled={disabled} error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        aria-describedby={helperId}
        endAdornment={endAdornment}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
