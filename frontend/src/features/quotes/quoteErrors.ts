import { GraphQLRequestError } from '../../lib/graphql';
import type { MessageKey } from '../../lib/i18n/catalog';
import type { quoteMessages } from './messages';

// business §8 toasts by the server's error code (docs/api.md, quotes); other codes show the server's message.
const TOAST_BY_CODE: Record<string, MessageKey<typeof quoteMessages>> = {
  NO_SKU: 'quoteDraft.toast.noSku',
  NO_PRODUCTS: 'quoteDraft.toast.noProducts',
  NO_CART_PRODUCTS: 'quoteDraft.toast.noCartProducts',
  QUOTE_QUANTITY_OUT_OF_RANGE: 'quoteDraft.toast.quantity',
  PRICE_ERROR: 'quoteDraft.toast.priceError',
};

export function quoteErrorKey(error: unknown): MessageKey<typeof quoteMessages> | null {
  if (!(error instanceof GraphQLRequestError) || error.code === undefined) return null;
  return TOAST_BY_CODE[String(error.code)] ?? null;
}

/** The first message of each field the server rejected (`extensions.fields`), by field path. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof GraphQLRequestError)) return {};
  return Object.fromEntries(
    Object.entries(error.fields)
      .filter(([, messages]) => messages.length > 0)
      .map(([field, messages]) => [field, messages[0]!]),
  );
}
