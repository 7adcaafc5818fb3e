import { GraphQLRequestError } from '../../lib/graphql';
import type { MessageKey } from '../../lib/i18n/catalog';
import type { quoteDetailMessages } from './detailMessages';
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

// The quote page (docs/api.md "Quotes", "Checkout with a quote"): codes of quote, quotePdf, quoteMessageCreate and
// quoteCheckout, as translated texts.
const DETAIL_TEXT_BY_CODE: Record<string, MessageKey<typeof quoteDetailMessages>> = {
  QUOTE_EXPIRED: 'quoteDetail.error.expired',
  QUOTE_NOT_OPEN: 'quoteDetail.error.notOpen',
  QUOTE_NOT_PRICED: 'quoteDetail.notPriced',
  QUOTE_STOCK_PROBLEM: 'quoteDetail.error.stockProblem',
  PERMISSION_DENIED: 'quoteDetail.error.permissionDenied',
  NOT_FOUND: 'quoteDetail.notFound.body',
};

export function quoteDetailErrorKey(error: unknown): MessageKey<typeof quoteDetailMessages> | null {
  if (!(error instanceof GraphQLRequestError) || error.code === undefined) return null;
  return DETAIL_TEXT_BY_CODE[String(error.code)] ?? null;
}

/** Another company's quote, a wrong access key or no right to see it: the page says "not found". */
export function isQuoteUnreachable(error: unknown): boolean {
  return error instanceof GraphQLRequestError && (error.code === 'NOT_FOUND' || error.code === 'PERMISSION_DENIED');
}

/** QUOTE_STOCK_PROBLEM's messages by quote line id (`fields.lines.<lineId>`). */
export function stockProblemsByLine(error: unknown): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const [field, message] of Object.entries(fieldErrors(error))) {
    const match = /^lines\.(\d+)$/.exec(field);
    if (match) problems[Number(match[1])] = message;
  }
  return problems;
}
