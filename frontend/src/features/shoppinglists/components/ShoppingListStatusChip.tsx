import Chip from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { isShoppingListStatus } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';
import { SHOPPING_LIST_STATUS_COLOR, SHOPPING_LIST_STATUS_LABEL } from '../shoppingListTexts';

/** A list's status as a small coloured chip, translated by value; a status the overlay does not know shows the server's label. */
export function ShoppingListStatusChip({ status, label }: { status: number; label: string }) {
  const t = useMessages(shoppingListsMessages);
  if (!isShoppingListStatus(status)) return <Chip size="small" variant="outlined" label={label || String(status)} />;
  return (
    <Chip
      size="small"
      color={SHOPPING_LIST_STATUS_COLOR[status]}
      variant={status === 30 ? 'outlined' : 'filled'}
      label={t(SHOPPING_LIST_STATUS_LABEL[status])}
      data-status={status}
    />
  );
}
