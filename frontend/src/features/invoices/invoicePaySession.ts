import { readSessionValue, writeSessionValue } from '../../lib/storage';

// business §4 step 5: "A stored invoicePay flag set to 1 causes the cart to be deleted when leaving checkout." The
// flag is stored under that name (the storefront's checkout reads it) when the buyer leaves for an invoice checkout,
// with the cart it pays; the built-in checkout deletes the cart itself when the buyer opens another page, and the
// portal, opened again in the same tab, deletes it too (a cart already gone is fine) and clears the flag.

export const INVOICE_PAY_KEY = 'invoicePay';
/** The cart the invoice checkout was opened with (shell §9 prefix). */
export const INVOICE_PAY_CART_KEY = 'sf-invoicePayCartId';

export function rememberInvoiceCheckout(cartId: string): void {
  writeSessionValue(INVOICE_PAY_KEY, '1');
  writeSessionValue(INVOICE_PAY_CART_KEY, cartId);
}

/** The cart of the invoice checkout this tab left, when the invoicePay flag is set; null otherwise. */
export function leftInvoiceCheckoutCart(): string | null {
  return readSessionValue(INVOICE_PAY_KEY) === '1' ? (readSessionValue(INVOICE_PAY_CART_KEY) ?? '') : null;
}

export function forgetInvoiceCheckout(): void {
  writeSessionValue(INVOICE_PAY_KEY, null);
  writeSessionValue(INVOICE_PAY_CART_KEY, null);
}
