import { useSyncExternalStore } from 'react';

import { readSessionValue, writeSessionValue } from '../storage';

/**
 * A masquerade the super admin's sign-in joined (issue 36). The masquerade is the super admin's, not a session's: a
 * sign-in in a new tab or on another device acts as the company still open elsewhere from its first request. The
 * sign-in's answer says so (`authorization.result.masquerade`); it is kept here, for this tab, until the super admin
 * dismisses the notice or the masquerade ends, so that a storefront page loaded meanwhile still tells them.
 */
export interface JoinedMasquerade {
  companyId: number;
  companyName: string;
  /** ISO date-time the masquerade began, or null when the server did not say. */
  beganAt: string | null;
}

/** shell §9: the portal's storage keys start with 'sf-'. */
export const JOINED_MASQUERADE_STORAGE_KEY = 'sf-B2BJoinedMasquerade';

const listeners = new Set<() => void>();
// Used when sessionStorage is unavailable: the notice then lives as long as the page does.
let memoryValue: string | null = null;
let snapshot: { raw: string | null; value: JoinedMasquerade | null } = { raw: null, value: null };

function parse(raw: string | null): JoinedMasquerade | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const { companyId, companyName, beganAt } = value as Record<string, unknown>;
    if (typeof companyId !== 'number' || typeof companyName !== 'string') return null;
    return { companyId, companyName, beganAt: typeof beganAt === 'string' ? beganAt : null };
  } catch {
    return null;
  }
}

export function joinedMasquerade(): JoinedMasquerade | null {
  const raw = readSessionValue(JOINED_MASQUERADE_STORAGE_KEY) ?? memoryValue;
  // useSyncExternalStore needs the same object for the same stored text.
  if (raw !== snapshot.raw) snapshot = { raw, value: parse(raw) };
  return snapshot.value;
}

function write(raw: string | null): void {
  memoryValue = writeSessionValue(JOINED_MASQUERADE_STORAGE_KEY, raw) ? null : raw;
  listeners.forEach((listener) => listener());
}

/** What a sign-in answered: the masquerade it joined, or null (which clears an earlier one). */
export function noteSignInMasquerade(masquerade: { id: number; companyName: string; beganAt: string | null } | null): void {
  write(masquerade ? JSON.stringify({ companyId: masquerade.id, companyName: masquerade.companyName, beganAt: masquerade.beganAt }) : null);
}

/** The super admin has read the notice, or the masquerade has ended. */
export function forgetJoinedMasquerade(): void {
  if (joinedMasquerade() !== null) write(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The masquerade this tab's sign-in joined, until it is dismissed or ends; components re-render when it changes. */
export function useJoinedMasquerade(): JoinedMasquerade | null {
  return useSyncExternalStore(subscribe, joinedMasquerade, () => null);
}
