import { B2B_TOKEN_STORAGE_KEY, PURCHASE_ENABLED_STORAGE_KEY, readSessionValue, writeSessionValue } from './storage';

// What the portal changes on the storefront page itself. React-free: the loader applies it on every page load,
// the portal again when it learns the user's permissions.

/** shell §6: the storefront's cart elements, removed for a signed-in user without purchase_enable. */
export const CART_SELECTORS = ['.cart-link', 'a[href="/cart.php"]', '.cart-actions'] as const;

/** Whether the signed-in user (as the portal last saw them) may not purchase. Guests may. */
export function purchaseBlocked(): boolean {
  return readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null && readSessionValue(PURCHASE_ENABLED_STORAGE_KEY) === '0';
}

/** Removes the cart elements when the user may not purchase; returns how many were removed. */
export function applyPurchaseRule(doc: Document): number {
  if (!purchaseBlocked()) return 0;
  const elements = doc.querySelectorAll(CART_SELECTORS.join(','));
  elements.forEach((element) => element.remove());
  return elements.length;
}

/** The portal records whether the signed-in user may purchase, then applies the rule to the page. */
export function rememberPurchaseRule(doc: Document, purchaseEnabled: boolean): void {
  writeSessionValue(PURCHASE_ENABLED_STORAGE_KEY, purchaseEnabled ? '1' : '0');
  applyPurchaseRule(doc);
}
