import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';

// A list's filter bar: a search form of fields side by side (wrapping on a narrow screen), typed text applied once
// typing settles or on Enter, choices at once, and a button that clears everything.

/** Typing settles for this long before the list is asked for again: one request per search, not per key. */
export const FILTER_DELAY_MS = 300;

const Form = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2),
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: theme.spacing(2),
})) as typeof Paper;

export function FilterBar({ label, onSubmit, children }: { label: string; onSubmit(): void; children: ReactNode }) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Form variant="outlined" component="form" role="search" aria-label={label} onSubmit={submit} noValidate>
      {children}
    </Form>
  );
}

const ClearButton = styled(Button)({ flex: '0 0 auto', alignSelf: 'center' });

export function FilterClearButton({ onClick, disabled, children }: { onClick(): void; disabled: boolean; children: ReactNode }) {
  return (
    <ClearButton variant="text" onClick={onClick} disabled={disabled}>
      {children}
    </ClearButton>
  );
}

/** A select of the bar, its "all" choice shown like the others. */
export const FILTER_SELECT_SLOT_PROPS = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

const SearchInput = styled(TextField, { shouldForwardProp: (prop) => prop !== 'flex' })<{ flex: string }>(({ flex }) => ({ flex }));

export interface FilterSearchFieldProps {
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  /** Its share of the bar's width (CSS flex). */
  flex: string;
  onChange(value: string): void;
  /** Enter: the bar has several fields, so Enter would not submit the form by itself. */
  onEnter(): void;
}

export function FilterSearchField({ label, placeholder, value, maxLength, flex, onChange, onEnter }: FilterSearchFieldProps) {
  return (
    <SearchInput
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => enterKey(event, onEnter)}
      slotProps={{ htmlInput: { maxLength } }}
      flex={flex}
    />
  );
}

/** Enter in a text field of the bar applies what was typed. */
export function enterKey(event: Pick<KeyboardEvent, 'key' | 'preventDefault'>, apply: () => void) {
  if (event.key === 'Enter') {
    event.preventDefault();
    apply();
  }
}

/**
 * The bar's timer for typed text, and the latest filters and change handler (a timer that fires later applies to
 * the list as it is then). The timer stops with the bar.
 */
export function useFilterTimer<F>(filters: F, onChange: (filters: F) => void) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    latest,
    cancel: () => clearTimeout(timer.current),
    schedule: (apply: () => void) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(apply, FILTER_DELAY_MS);
    },
  };
}
