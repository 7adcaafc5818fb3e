import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

import { SelectionBar, SelectionSummary } from '../../../components/SelectionBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { shoppingListsMessages } from '../messages';

export type SelectionAction = 'cart' | 'quote';

export interface SelectionFooterProps {
  count: number;
  /** The selection's subtotal, formatted; null when it has none to show (prices hidden, a price missing). */
  subtotal: string | null;
  /** Whether the subtotal includes tax (the store's display setting). */
  inclusive: boolean;
  canAddToCart: boolean;
  canAddToQuote: boolean;
  busy: SelectionAction | null;
  /** Why the cart is out of reach for this list, when it is (a junior buyer's unapproved list…). */
  cartHint: string | null;
  onAction(action: SelectionAction): void;
}

/** business §2 footer: the selection's count and subtotal, Add selected to cart and Add selected to quote. */
export function SelectionFooter({ count, subtotal, inclusive, canAddToCart, canAddToQuote, busy, cartHint, onAction }: SelectionFooterProps) {
  const t = useMessages(shoppingListsMessages);
  return (
    <SelectionBar variant="outlined" component="section" aria-label={t('shoppingLists.footer.label')} data-testid="shopping-list-footer">
      <SelectionSummary>
        <Typography sx={{ fontWeight: 600 }} role="status">
          {t('shoppingLists.footer.selected', { count })}
        </Typography>
        {count > 0 && subtotal !== null && (
          <Typography variant="body2" data-testid="shopping-list-selection-subtotal">
            {t(inclusive ? 'shoppingLists.footer.subtotalInclusive' : 'shoppingLists.footer.subtotal', { amount: subtotal })}
          </Typography>
        )}
        {cartHint && (
          <Typography variant="body2" color="text.secondary">
            {cartHint}
          </Typography>
        )}
      </SelectionSummary>
      {canAddToQuote && (
        <Button variant="outlined" disabled={count === 0 || busy !== null} loading={busy === 'quote'} loadingPosition="start" onClick={() => onAction('quote')}>
          {t('shoppingLists.footer.addToQuote')}
        </Button>
      )}
      {canAddToCart && (
        <Button variant="contained" disabled={count === 0 || busy !== null} loading={busy === 'cart'} loadingPosition="start" onClick={() => onAction('cart')}>
          {t('shoppingLists.footer.addToCart')}
        </Button>
      )}
    </SelectionBar>
  );
}
