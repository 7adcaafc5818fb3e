// The portal's browser storage (shell §9: keys prefixed 'sf-'). No React here: the loader reads it too, and
// everything the loader imports ends up in the script every storefront page loads.

export const B2B_TOKEN_STORAGE_KEY = 'sf-B2BToken';
/** '1' or '0': whether the signed-in user holds purchase_enable (shell §6); absent when unknown or signed out. */
export const PURCHASE_ENABLED_STORAGE_KEY = 'sf-B2BPurchaseEnabled';

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The value under `key`, or null when absent or when storage is unavailable (disabled, sandboxed frames). */
export function readSessionValue(key: string): string | null {
  try {
    return sessionStore()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

type SessionValueListener = (key: string, value: string | null) => void;
const sessionValueListeners = new Set<SessionValueListener>();

/**
 * Hears every change this page makes through writeSessionValue (the key and its new value): the headless API's
 * 'signed-in' and 'signed-out' follow the B2B token, whichever part of the overlay writes it (issue 22).
 */
export function subscribeSessionValues(listener: SessionValueListener): () => void {
  sessionValueListeners.add(listener);
  return () => {
    sessionValueListeners.delete(listener);
  };
}

/** Writes (or, with null, removes) a value; returns false when storage refused it. */
export function writeSessionValue(key: string, value: string | null): boolean {
  let changed = false;
  try {
    const store = sessionStore();
    if (!store) return false;
    changed = store.getItem(key) !== value;
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  } catch {
    return false;
  }
  if (changed) sessionValueListeners.forEach((listener) => listener(key, value));
  return true;
}

/**
 * The pending-account tip the storefront's cart and checkout pages show (shell §4, §8): 'order' when a pending
 * company may not order, 'pricing' when it also sees no prices; absent otherwise. The portal writes it.
 */
export const PENDING_TIP_STORAGE_KEY = 'sf-B2BPendingTip';
/** Prefix of the once-per-session markers of the pending tip, one per page ('cart', 'checkout'). */
export const PENDING_TIP_SHOWN_PREFIX = 'sf-B2BPendingTipShown-';
