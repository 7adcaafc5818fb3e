import type { ChipProps } from '@mui/material/Chip';

import type { MessageKey } from '../../lib/i18n/keys';
import type { ShoppingListStatus } from './api/shoppingListFields';
import type { shoppingListsMessages } from './messages';

// A list's status as the buyer reads it, by value (ARCHITECTURE §8); the server's English statusLabel is for other
// clients.

export const SHOPPING_LIST_STATUS_LABEL = {
  0: 'shoppingLists.status.approved',
  30: 'shoppingLists.status.draft',
  40: 'shoppingLists.status.readyForApproval',
  50: 'shoppingLists.status.rejected',
} as const satisfies Record<ShoppingListStatus, MessageKey<typeof shoppingListsMessages>>;

/** The chip's colour per status (the theme picks black or white text on it by contrast, business §9). */
export const SHOPPING_LIST_STATUS_COLOR = {
  0: 'success',
  30: 'default',
  40: 'info',
  50: 'error',
} as const satisfies Record<ShoppingListStatus, ChipProps['color']>;
