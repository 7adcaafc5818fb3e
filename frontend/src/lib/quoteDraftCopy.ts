import { readSessionValue, writeSessionValue } from './storage';

// The overlay's local copy of the quote draft (issue 6: "the overlay keeps a local copy for instant response"): the
// draft page shows it at once after a reload while the server's draft is fetched, and the server's answer replaces
// it. It lives in sessionStorage (gone with the tab: a draft holds contact details and addresses) and belongs to
// one owner — the signed-in session or the guest's draft key — so nobody else's copy is ever shown. React-free:
// the storefront's quote buttons drop it when they change the draft behind the page's back.

export const QUOTE_DRAFT_COPY_STORAGE_KEY = 'sf-quoteDraftCopy';

interface StoredCopy<T> {
  owner: string;
  draft: T;
}

/** FNV-1a of a text, so that the copy names its session without holding its token. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/**
 * Whose draft this is: the signed-in session (by its token; a guest key it still holds is claimed into its draft)
 * or the guest's draft (by its key); null for neither.
 */
export function draftCopyOwner(token: string | null, guestDraftKey: string | null): string | null {
  if (token) return `user:${fingerprint(token)}`;
  if (guestDraftKey) return `guest:${fingerprint(guestDraftKey)}`;
  return null;
}

/** The copy kept for this owner, or undefined (none, another owner's, unreadable). */
export function readDraftCopy<T>(owner: string | null): T | undefined {
  if (!owner) return undefined;
  const text = readSessionValue(QUOTE_DRAFT_COPY_STORAGE_KEY);
  if (!text) return undefined;
  try {
    const stored = JSON.parse(text) as Partial<StoredCopy<T>>;
    return stored.owner === owner && stored.draft != null ? stored.draft : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the server's latest draft for this owner; without an owner (an empty guest draft) any copy is dropped. */
export function writeDraftCopy<T>(owner: string | null, draft: T): void {
  writeSessionValue(QUOTE_DRAFT_COPY_STORAGE_KEY, owner ? JSON.stringify({ owner, draft } satisfies StoredCopy<T>) : null);
}

/** Drops the copy: the draft changed where the page did not see it (a storefront button, a submission). */
export function clearDraftCopy(): void {
  writeSessionValue(QUOTE_DRAFT_COPY_STORAGE_KEY, null);
}
