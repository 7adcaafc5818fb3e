import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { productSearchMessages } from './messages';
import { QuantityInput } from './QuantityInput';

export interface QuickAddRow {
  sku: string;
  quantity: number;
}

const emptyRows = (): QuickAddRow[] => [
  { sku: '', quantity: 1 },
  { sku: '', quantity: 1 },
  { sku: '', quantity: 1 },
];

interface QuickAddProps {
  busy: boolean;
  /** The submit button's text (the caller's: where the rows go). */
  submitLabel: string;
  /** The server's list of the rows sent, as its field paths name it (`lines` for the quote draft, `items` for a list). */
  errorList: string;
  /** Messages by field path of the filled rows sent (`lines.0.sku`, `items.1.quantity`). */
  errors: Record<string, string>;
  /** Adds the filled rows; resolves true when they were added (the rows are then emptied). */
  onAdd(rows: QuickAddRow[]): Promise<boolean>;
}

/** Quick add by SKU + quantity rows (the quote draft, a shopping list's add-to-list panel). */
export function QuickAdd({ busy, submitLabel, errorList, errors, onAdd }: QuickAddProps) {
  const t = useMessages(productSearchMessages);
  const [rows, setRows] = useState<QuickAddRow[]>(emptyRows);
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.sku.trim() !== '');
  // The server numbers the lines it was sent; map them back to the rows on screen.
  const errorFor = (index: number, field: 'sku' | 'quantity') => {
    const sent = filled.findIndex((entry) => entry.index === index);
    return sent < 0 ? undefined : errors[`${errorList}.${sent}.${field}`];
  };
  const update = (index: number, row: QuickAddRow) => setRows((current) => current.map((item, i) => (i === index ? row : item)));

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void onAdd(filled.map(({ row }) => ({ sku: row.sku.trim(), quantity: row.quantity }))).then((added) => {
          if (added) setRows(emptyRows());
        });
      }}
    >
      {rows.map((row, index) => (
        <Stack key={index} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('quickAdd.sku', { n: index + 1 })}
            value={row.sku}
            disabled={busy}
            error={Boolean(errorFor(index, 'sku'))}
            helperText={errorFor(index, 'sku')}
            onChange={(event) => update(index, { ...row, sku: event.target.value })}
          />
          <QuantityInput
            label={t('quickAdd.quantity', { n: index + 1 })}
            value={row.quantity}
            disabled={busy}
            onCommit={(quantity) => update(index, { ...row, quantity })}
          />
        </Stack>
      ))}
      <Stack direction="row" spacing={2}>
        <Button onClick={() => setRows((current) => [...current, { sku: '', quantity: 1 }])} disabled={busy}>
          {t('quickAdd.addRow')}
        </Button>
        <Button type="submit" variant="outlined" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
