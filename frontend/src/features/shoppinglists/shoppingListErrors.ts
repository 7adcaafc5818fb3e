import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { useFieldErrorTexts, type FieldErrorTexts } from '../../lib/fieldErrors';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { shoppingListsMessages } from './messages';

type Key = MessageKey<typeof shoppingListsMessages>;

// The refusals of docs/api.md "Shopping lists" by the server's code (shoppinglists/errors.py), translated; the
// business §8 texts word for word in English. Other codes show errorText's text.
const TEXT_BY_CODE: Record<string, Key> = {
  NOT_FOUND: 'shoppingLists.error.notFound',
  PERMISSION_DENIED: 'shoppingLists.error.permissionDenied',
  SHOPPING_LISTS_DISABLED: 'shoppingLists.error.disabled',
  NO_SKU: 'shoppingLists.error.noSku',
  NO_PRODUCTS: 'shoppingLists.error.noProducts',
  SHOPPING_LIST_QUANTITY_OUT_OF_RANGE: 'shoppingLists.error.quantity',
  SHOPPING_LIST_TOO_MANY_ITEMS: 'shoppingLists.error.tooManyItems',
  SHOPPING_LIST_TOO_MANY_LISTS: 'shoppingLists.error.tooManyLists',
  SHOPPING_LIST_NOT_SUBMITTABLE: 'shoppingLists.error.notSubmittable',
  SHOPPING_LIST_EMPTY: 'shoppingLists.error.empty',
  SHOPPING_LIST_NOT_AWAITING_APPROVAL: 'shoppingLists.error.notAwaitingApproval',
  SHOPPING_LIST_NOT_APPROVED: 'shoppingLists.error.notApproved',
  // Add selected to quote: the quote draft's refusals (docs/api.md quoteDraftAddLines).
  NOT_QUOTABLE: 'shoppingLists.error.notQuotable',
  PRICE_ERROR: 'shoppingLists.error.priceError',
  QUOTE_QUANTITY_OUT_OF_RANGE: 'shoppingLists.error.quoteQuantity',
  QUOTES_DISABLED: 'shoppingLists.error.quotesDisabled',
};

// A field's code the common texts (lib/fieldErrors) do not have: an item id that is no longer the list's.
const FIELD_TEXT_BY_CODE: Record<string, Key> = {
  unknown_item: 'shoppingLists.error.itemsChanged',
  SHOPPING_LIST_QUANTITY_OUT_OF_RANGE: 'shoppingLists.error.quantity',
};

/** Another company's list, a colleague's at level 1, a deleted or unknown one, or lists off for the caller. */
export function isShoppingListUnreachable(error: unknown): boolean {
  return (
    error instanceof GraphQLRequestError &&
    (error.code === 'NOT_FOUND' || error.code === 'PERMISSION_DENIED' || error.code === 'SHOPPING_LISTS_DISABLED')
  );
}

function codeKey(error: unknown): Key | undefined {
  return error instanceof GraphQLRequestError && error.code !== undefined ? TEXT_BY_CODE[String(error.code)] : undefined;
}

/** The translated text of a failed list operation (a toast). */
export function useShoppingListErrorText(): (error: unknown) => string {
  const t = useMessages(shoppingListsMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = codeKey(error);
      if (key) return t(key);
      if (error instanceof GraphQLRequestError && error.code === 'VALIDATION_ERROR' && 'itemIds' in error.fields) {
        return t('shoppingLists.error.itemsChanged');
      }
      return errorText(error);
    },
    [t, errorText],
  );
}

/** `fieldErrors(error)`: the translated text of each field the server rejected (`name`, `items.0.sku`, `reason`). */
export function useShoppingListFieldErrors(): (error: unknown) => FieldErrorTexts {
  const t = useMessages(shoppingListsMessages);
  const domain = useCallback(
    (code: string) => {
      const key = FIELD_TEXT_BY_CODE[code] ?? TEXT_BY_CODE[code];
      return key ? t(key) : undefined;
    },
    [t],
  );
  return useFieldErrorTexts(domain);
}
