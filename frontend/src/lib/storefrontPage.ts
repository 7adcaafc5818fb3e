import { B2B_TOKEN_STORAGE_KEY, PENDING_TIP_STORAGE_KEY, PURCHASE_ENABLED_STORAGE_KEY, readSessionValue, writeSessionValue } from './storage';

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

/** Which pending-account tip applies (shell §8): 'pricing' when prices are hidden too, else 'order'. */
export type PendingTip = 'order' | 'pricing';

/** The portal records the pending tip for the storefront's cart and checkout pages (shown by the loader). */
export function rememberPendingTip(tip: PendingTip | null): void {
  writeSessionValue(PENDING_TIP_STORAGE_KEY, tip);
}

/** The pending tip the portal last recorded for the signed-in user, or null. */
export function pendingTip(): PendingTip | null {
  if (readSessionValue(B2B_TOKEN_STORAGE_KEY) === null) return null;
  const value = readSessionValue(PENDING_TIP_STORAGE_KEY);
  return value === 'order' || value === 'pricing' ? value : null;
}
