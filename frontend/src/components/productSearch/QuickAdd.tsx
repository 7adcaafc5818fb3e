import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { normaliseQuantity, useQuantityLimit } from '../../lib/quantity';
import { productSearchMessages } from './messages';
import { isPastedBlock, parsePastedRows, type PastedRow } from './pastedRows';
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

/** The most rows quick add holds (a paste beyond it is cut): the server takes 100 lines a call. */
export const MAX_QUICK_ADD_ROWS = 100;

/**
 * The rows after a block was pasted into row `at`: one row per pasted line from there on, over the rows below it that
 * are empty; filled rows below are kept after the block. Quantities follow business §5 as the fields do (none or not
 * a number is 1, above the server's `limit` is the limit).
 */
export function pasteIntoRows(rows: readonly QuickAddRow[], at: number, pasted: readonly PastedRow[], limit: number): QuickAddRow[] {
  const after = rows.slice(at + 1);
  let reuse = 0;
  while (reuse < after.length && reuse < pasted.length - 1 && after[reuse]!.sku.trim() === '') reuse += 1;
  const block = pasted.map((row) => ({ sku: row.sku, quantity: normaliseQuantity(row.quantity, limit) }));
  return [...rows.slice(0, at), ...block, ...after.slice(reuse)].slice(0, MAX_QUICK_ADD_ROWS);
}

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

/**
 * Quick add by SKU + quantity rows (the quote draft, a shopping list's add-to-list panel). A block pasted into a SKU
 * field — copied from a spreadsheet (tabs) or a CSV file (commas), SKU then quantity — fills one row per line (issue 19).
 */
export function QuickAdd({ busy, submitLabel, errorList, errors, onAdd }: QuickAddProps) {
  const t = useMessages(productSearchMessages);
  const limit = useQuantityLimit();
  const [rows, setRows] = useState<QuickAddRow[]>(emptyRows);
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.sku.trim() !== '');
  // The server numbers the lines it was sent; map them back to the rows on screen.
  const errorFor = (index: number, field: 'sku' | 'quantity') => {
    const sent = filled.findIndex((entry) => entry.index === index);
    return sent < 0 ? undefined : errors[`${errorList}.${sent}.${field}`];
  };
  const update = (index: number, row: QuickAddRow) => setRows((current) => current.map((item, i) => (i === index ? row : item)));
  const paste = (index: number) => (event: ClipboardEvent<HTMLDivElement>) => {
    const text = event.clipboardData.getData('text/plain');
    if (!isPastedBlock(text)) return; // one SKU: the field takes it as typed
    const pasted = parsePastedRows(text);
    if (pasted.length === 0) return;
    event.preventDefault();
    setRows((current) => pasteIntoRows(current, index, pasted, limit));
  };

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
            onPaste={paste(index)}
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
        <Button onClick={() => setRows((current) => [...current, { sku: '', quantity: 1 }])} disabled={busy || rows.length >= MAX_QUICK_ADD_ROWS}>
          {t('quickAdd.addRow')}
        </Button>
        <Button type="submit" variant="outlined" disabled={busy}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
