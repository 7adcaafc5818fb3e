import { useSyncExternalStore } from 'react';

import { clearDraftCopy } from './quoteDraftCopy';
import { B2B_TOKEN_STORAGE_KEY, PENDING_TIP_STORAGE_KEY, PURCHASE_ENABLED_STORAGE_KEY, readSessionValue, writeSessionValue } from './storage';

export { B2B_TOKEN_STORAGE_KEY } from './storage';

/** Query keys starting with this scope hold the signed-in user's data and are dropped when the user changes. */
export const USER_QUERY_SCOPE = 'user';

/**
 * Why the last session ended, which decides the sign-in page's tip (shell §2 login flags): signed out (flag 3),
 * expired — the server's message is shown instead of the tip (flag 3, showTip=false, shell §8) — or lost because
 * the customer could not be loaded (flag 6, shell §4 "a failed customer load clears the session"). `none`: no
 * session has ended in this page — a guest who never signed in is asked to sign in, not told they were signed out.
 */
export type SessionEndReason = 'none' | 'signedOut' | 'expired' | 'lost';

const listeners = new Set<() => void>();
// Used when sessionStorage is unavailable: the token then lives as long as the page does.
let memoryToken: string | null = null;
let endReason: SessionEndReason = 'none';

export function getB2BToken(): string | null {
  return readSessionValue(B2B_TOKEN_STORAGE_KEY) ?? memoryToken;
}

function writeToken(token: string | null): void {
  memoryToken = token;
  writeSessionValue(B2B_TOKEN_STORAGE_KEY, token);
  if (token === null) {
    writeSessionValue(PURCHASE_ENABLED_STORAGE_KEY, null);
    writeSessionValue(PENDING_TIP_STORAGE_KEY, null);
    clearDraftCopy(); // the signed-out user's draft (contact details, addresses) leaves the tab with them
  }
  listeners.forEach((listener) => listener());
}

export function setB2BToken(token: string): void {
  endReason = 'signedOut';
  writeToken(token);
}

export function clearB2BToken({ reason = 'signedOut' }: { reason?: SessionEndReason } = {}): void {
  endReason = reason;
  writeToken(null);
}

export function sessionEndReason(): SessionEndReason {
  return endReason;
}

export function subscribeB2BToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current B2B token; components re-render when it is set or cleared. */
export function useB2BToken(): string | null {
  return useSyncExternalStore(subscribeB2BToken, getB2BToken, () => null);
}
