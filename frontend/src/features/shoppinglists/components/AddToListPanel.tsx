import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, useState } from 'react';

import { addInBatches } from '../../../components/bulkUpload/bulkUploadBatches';
import { BulkUploadDialog, type BulkUploadConfirmation } from '../../../components/bulkUpload/BulkUploadDialog';
import { BulkUploadStockNote, bulkStockNote, type BulkStockNote } from '../../../components/bulkUpload/BulkUploadStockNote';
import { bulkUploadMessages } from '../../../components/bulkUpload/messages';
import { productSearchMessages } from '../../../components/productSearch/messages';
import { ProductSearch } from '../../../components/productSearch/ProductSearch';
import { QuickAdd, type QuickAddRow } from '../../../components/productSearch/QuickAdd';
import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { ProductLineInput } from '../../../lib/productSearch';
import type { ShoppingListItemInput } from '../api/shoppingListItemsCreate';
import { shoppingListsMessages } from '../messages';
import { useShoppingListErrorText, useShoppingListFieldErrors } from '../shoppingListErrors';

const Parts = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(3),
  [theme.breakpoints.up('lg')]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
}));

const SectionHeader = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
  marginBottom: theme.spacing(1.5),
}));

export interface AddToListPanelProps {
  currencyCode: string;
  busy: boolean;
  /** A hint above the search (a junior buyer's list returns to draft when products are added). */
  note: string | null;
  /** Adds the items; throws the server's refusal. Resolves with the server's success text. */
  onAdd(items: ShoppingListItemInput[]): Promise<string>;
}

/**
 * issue 18 add-to-list panel: the catalog search with options and quantity, and quick add by SKU + quantity rows —
 * the quote draft's own components (components/productSearch), adding to this list; issue 19: bulk upload of a CSV
 * file of SKU and quantity rows (business §2), whose valid lines join the list.
 */
export function AddToListPanel({ currencyCode, busy, note, onAdd }: AddToListPanelProps) {
  const t = useMessages(shoppingListsMessages);
  const tp = useMessages(productSearchMessages);
  const fieldErrors = useShoppingListFieldErrors();
  const errorText = useShoppingListErrorText();
  const searchHeading = useId();
  const quickHeading = useId();
  const [quickErrors, setQuickErrors] = useState<Record<string, string>>({});
  const tb = useMessages(bulkUploadMessages);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [stockNote, setStockNote] = useState<BulkStockNote | null>(null);

  const added = (message: string) => toast.success(message || t('shoppingLists.toast.added'));

  const onSearchAdd = async (line: ProductLineInput): Promise<Record<string, string> | null> => {
    try {
      added(await onAdd([{ productId: line.productId, variantId: line.variantId, quantity: line.quantity, options: line.options.map(({ optionId, value }) => ({ optionId, optionValue: value })) }]));
      return null;
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length === 0) toast.error(errorText(error));
      return fields;
    }
  };

  const onQuickAdd = async (rows: QuickAddRow[]): Promise<boolean> => {
    try {
      added(await onAdd(rows.map((row) => ({ sku: row.sku, quantity: row.quantity }))));
      setQuickErrors({});
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      setQuickErrors(fields);
      toast.error(Object.keys(fields).length > 0 ? t('shoppingLists.addPanel.fixRows') : errorText(error));
      return false;
    }
  };

  // A refusal of bulk lines: the first line the server names, by its SKU, else the refusal itself.
  const bulkFailureText = (error: unknown, lines: readonly { sku: string }[]): string => {
    const [field, text] = Object.entries(fieldErrors(error))[0] ?? [];
    const line = field ? lines[Number(/^items\.(\d+)\./.exec(field)?.[1] ?? NaN)] : undefined;
    if (text && line) return `${line.sku}: ${text}`;
    return text ?? errorText(error);
  };

  // Lines needing options never come (withModifiers is off: the server makes them error rows); lines beyond the
  // stock do, as a list may hold them (docs/api.md "Stock"): the note then links the stock error file.
  const onBulkConfirm = async (upload: BulkUploadConfirmation): Promise<boolean> => {
    const lines = upload.validProducts.map((product) => ({
      sku: product.sku,
      item: {
        productId: product.productId,
        variantId: product.variantId,
        quantity: product.qty,
        options: product.optionList.map(({ optionId, optionValue }) => ({ optionId, optionValue })),
      },
    }));
    const outcome = await addInBatches(lines, (batch) => onAdd(batch.map((line) => line.item)));
    if (outcome.failure && outcome.added === 0) {
      toast.error(bulkFailureText(outcome.failure.error, outcome.failure.lines));
      return false;
    }
    if (outcome.failure) {
      const reason = bulkFailureText(outcome.failure.error, outcome.failure.lines);
      toast.error(tb('bulkUpload.partial', { added: outcome.added, total: lines.length, reason }));
    } else {
      added(outcome.answers[outcome.answers.length - 1] ?? '');
    }
    setStockNote(bulkStockNote(upload));
    setBulkOpen(false);
    return true;
  };

  return (
    <>
      {note && (
        <Typography variant="body2" color="text.secondary">
          {note}
        </Typography>
      )}
      <Parts>
        <section aria-labelledby={searchHeading}>
          <Typography variant="h3" id={searchHeading} sx={{ mb: 1.5 }}>
            {tp('productSearch.title')}
          </Typography>
          <ProductSearch
            currencyCode={currencyCode}
            busy={busy}
            addLabel={t('shoppingLists.addPanel.add')}
            errorPrefix="items.0."
            testId="list-search"
            onAdd={onSearchAdd}
          />
        </section>
        <section aria-labelledby={quickHeading}>
          <SectionHeader>
            <Typography variant="h3" id={quickHeading}>
              {t('shoppingLists.addPanel.quickAdd')}
            </Typography>
            <Button variant="outlined" size="small" disabled={busy} onClick={() => setBulkOpen(true)}>
              {tb('bulkUpload.title')}
            </Button>
          </SectionHeader>
          <QuickAdd busy={busy} submitLabel={t('shoppingLists.addPanel.add')} errorList="items" errors={quickErrors} onAdd={onQuickAdd} />
        </section>
      </Parts>
      <BulkUploadStockNote note={stockNote} onClose={() => setStockNote(null)} />
      <BulkUploadDialog open={bulkOpen} onClose={() => setBulkOpen(false)} currencyCode={currencyCode} onConfirm={onBulkConfirm} />
    </>
  );
}
