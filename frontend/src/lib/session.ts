import { useSyncExternalStore } from 'react';

// shell §9: storage keys are prefixed 'sf-'.
export const B2B_TOKEN_STORAGE_KEY = 'sf-B2BToken';

/** Query keys starting with this scope hold the signed-in user's data and are dropped when the user changes. */
export const USER_QUERY_SCOPE = 'user';

const listeners = new Set<() => void>();
// Used when sessionStorage is unavailable (storage disabled, sandboxed frames): the token then lives as long
// as the page does.
let memoryToken: string | null = null;
// Whether the last session ended because the server found the token expired (shell §8: the sign-in page then
// shows the server's message, not the "signed out" tip).
let endedByExpiry = false;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function getB2BToken(): string | null {
  const store = storage();
  if (!store) return memoryToken;
  try {
    return store.getItem(B2B_TOKEN_STORAGE_KEY);
  } catch {
    return memoryToken;
  }
}

function writeToken(token: string | null): void {
  memoryToken = token;
  try {
    const store = storage();
    if (token === null) store?.removeItem(B2B_TOKEN_STORAGE_KEY);
    else store?.setItem(B2B_TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage full or blocked: the in-memory copy still serves this page.
  }
  listeners.forEach((listener) => listener());
}

export function setB2BToken(token: string): void {
  endedByExpiry = false;
  writeToken(token);
}

export function clearB2BToken({ expired = false }: { expired?: boolean } = {}): void {
  endedByExpiry = expired;
  writeToken(null);
}

export function sessionEndedByExpiry(): boolean {
  return endedByExpiry;
}

export function subscribeB2BToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current B2B token; components re-render when it is set or cleared. */
export function useB2BToken(): string | null {
  return useSyncExternalStore(subscribeB2BToken, getB2BToken, () => null);
}
