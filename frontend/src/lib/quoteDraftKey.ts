// A guest's quote draft is reached by its draft key (docs/api.md "The draft"); the overlay keeps it in
// localStorage so it survives reloads. React-free: the storefront's quote buttons read it too.

export const QUOTE_DRAFT_KEY_STORAGE_KEY = 'sf-quoteDraftKey';

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readDraftKey(): string | null {
  try {
    return store()?.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function writeDraftKey(key: string | null): void {
  try {
    const storage = store();
    if (!storage) return;
    if (key) storage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, key);
    else storage.removeItem(QUOTE_DRAFT_KEY_STORAGE_KEY);
  } catch {
    // Storage refused: the draft then lives as long as this page does.
  }
}

/** Keeps the key a guest's answer returns; signed-in users' answers carry none and leave it alone. */
export function rememberDraftKey(draft: { draftKey: string | null }, signedIn: boolean): void {
  if (!signedIn && draft.draftKey) writeDraftKey(draft.draftKey);
}
