import TextField from '@mui/material/TextField';
import { useEffect, useState, type KeyboardEvent } from 'react';

import { BLOCKED_QUANTITY_KEYS, QUANTITY_MIN, normaliseQuantity, useQuantityLimit } from '../../lib/quantity';

interface QuantityInputProps {
  label: string;
  value: number;
  disabled?: boolean;
  /** Called on blur (or Enter) with the normalised quantity. */
  onCommit(quantity: number): void;
  size?: 'small' | 'medium';
}

/** A quantity field under business §5's rules. */
export function QuantityInput({ label, value, disabled, onCommit, size = 'small' }: QuantityInputProps) {
  const limit = useQuantityLimit();
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commit = () => {
    const quantity = normaliseQuantity(text, limit);
    setText(String(quantity));
    if (quantity !== value) onCommit(quantity);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_QUANTITY_KEYS.includes(event.key)) event.preventDefault();
    if (event.key === 'Enter') commit();
  };

  return (
    <TextField
      type="number"
      size={size}
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.target.value.replace(/[^0-9]/g, ''))}
      onBlur={commit}
      onKeyDown={onKeyDown}
      slotProps={{ htmlInput: { 'aria-label': label, min: QUANTITY_MIN, max: limit, step: 1, inputMode: 'numeric' } }}
      sx={{ width: 120 }}
    />
  );
}
