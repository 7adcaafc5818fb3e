import { useCallback } from 'react';

import { useFieldErrorTexts, type FieldErrorTexts } from '../../lib/fieldErrors';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import type { quoteDetailMessages } from './detailMessages';
import { quoteMessages } from './messages';

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

/**
 * `fieldErrors(error)`: the translated text of each field the server rejected, by field path (`lines.0.quantity`,
 * `contactInfo.email`); a code the toasts have is shown with business §8's text, the others with the common texts.
 */
export function useQuoteFieldErrors(): (error: unknown) => FieldErrorTexts {
  const t = useMessages(quoteMessages);
  const quoteText = useCallback((code: string) => {
    const key = TOAST_BY_CODE[code];
    return key ? t(key) : undefined;
  }, [t]);
  return useFieldErrorTexts(quoteText);
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

/** QUOTE_STOCK_PROBLEM's texts by quote line id (`fields.lines.<lineId>`), from `useQuoteFieldErrors()`'s texts. */
export function stockProblemsByLine(fieldTexts: Readonly<FieldErrorTexts>): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const [field, message] of Object.entries(fieldTexts)) {
    const match = /^lines\.(\d+)$/.exec(field);
    if (match) problems[Number(match[1])] = message;
  }
  return problems;
}
