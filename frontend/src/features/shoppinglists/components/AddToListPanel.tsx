import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, useState } from 'react';

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
 * the quote draft's own components (components/productSearch), adding to this list.
 */
export function AddToListPanel({ currencyCode, busy, note, onAdd }: AddToListPanelProps) {
  const t = useMessages(shoppingListsMessages);
  const tp = useMessages(productSearchMessages);
  const fieldErrors = useShoppingListFieldErrors();
  const errorText = useShoppingListErrorText();
  const searchHeading = useId();
  const quickHeading = useId();
  const [quickErrors, setQuickErrors] = useState<Record<string, string>>({});

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
          <Typography variant="h3" id={quickHeading} sx={{ mb: 1.5 }}>
            {t('shoppingLists.addPanel.quickAdd')}
          </Typography>
          <QuickAdd busy={busy} submitLabel={t('shoppingLists.addPanel.add')} errorList="items" errors={quickErrors} onAdd={onQuickAdd} />
        </section>
      </Parts>
    </>
  );
}
