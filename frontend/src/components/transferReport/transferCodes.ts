import type { MessageKey } from '../../lib/i18n/keys';
import type { transferMessages } from './messages';

/**
 * Why a product was not put into the cart or the quote: the codes of an order's transfer (OrderLineTransferItem.code)
 * and of a shopping list's Add selected to cart (ShoppingListItemTransfer.code), which share their meaning.
 */
export const TRANSFER_CODE_LABEL: Readonly<Record<string, MessageKey<typeof transferMessages>>> = {
  PRODUCT_UNAVAILABLE: 'transfer.code.PRODUCT_UNAVAILABLE',
  PURCHASE_DISABLED: 'transfer.code.PURCHASE_DISABLED',
  OUT_OF_STOCK: 'transfer.code.OUT_OF_STOCK',
  OPTIONS_CHANGED: 'transfer.code.OPTIONS_CHANGED',
  NOT_QUOTABLE: 'transfer.code.NOT_QUOTABLE',
  QUANTITY_LIMIT: 'transfer.code.QUANTITY_LIMIT',
};
