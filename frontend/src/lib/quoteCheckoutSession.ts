import { readSessionValue, writeSessionValue } from './storage';

// business §4: "Quote checkout stores isNewStorefront, quoteCheckoutId and quoteDate in session storage" — under
// exactly these names (the storefront's checkout reads them), from quoteCheckout's answer (docs/api.md).

export const QUOTE_CHECKOUT_SESSION_KEYS = {
  isNewStorefront: 'isNewStorefront',
  quoteCheckoutId: 'quoteCheckoutId',
  quoteDate: 'quoteDate',
} as const;

export interface QuoteCheckoutSession {
  isNewStorefront: boolean;
  /** The quote id. */
  quoteCheckoutId: string;
  /** Epoch seconds, as the API gives it. */
  quoteDate: string;
}

/** Stores the three values; false when session storage refused any of them. */
export function writeQuoteCheckoutSession(session: QuoteCheckoutSession): boolean {
  const written = [
    writeSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.isNewStorefront, JSON.stringify(session.isNewStorefront)),
    writeSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.quoteCheckoutId, session.quoteCheckoutId),
    writeSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.quoteDate, session.quoteDate),
  ];
  return written.every(Boolean);
}

/** The stored values, or null when any is missing. */
export function readQuoteCheckoutSession(): QuoteCheckoutSession | null {
  const isNewStorefront = readSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.isNewStorefront);
  const quoteCheckoutId = readSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.quoteCheckoutId);
  const quoteDate = readSessionValue(QUOTE_CHECKOUT_SESSION_KEYS.quoteDate);
  if (isNewStorefront === null || quoteCheckoutId === null || quoteDate === null) return null;
  return { isNewStorefront: isNewStorefront === 'true', quoteCheckoutId, quoteDate };
}

/**
 * Leaving the portal for the storefront's checkout. Behind an object so that tests can replace it: jsdom's
 * `window.location.assign` can be neither redefined nor followed.
 */
export const checkoutNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
