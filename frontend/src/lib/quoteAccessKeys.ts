// A guest reaches a submitted quote with the access key of its e-mail link (`#/quoteDetail/{id}?accessKey=…`,
// docs/api.md "Quotes"). The overlay keeps the keys in localStorage, by quote id, so that the quote still opens
// after the key has been taken out of the visible URL or the page is reloaded. React-free, like quoteDraftKey.

export const QUOTE_ACCESS_KEYS_STORAGE_KEY = 'sf-quoteAccessKeys';

/** A guest rarely holds more than a few quotes; older keys beyond this many are forgotten. */
export const MAX_QUOTE_ACCESS_KEYS = 20;

type Entry = readonly [quoteRef: string, accessKey: string];

// Once localStorage is unavailable or refuses a write (disabled, sandboxed frames, full), the keys live here, as
// long as the page does.
let memoryEntries: Entry[] | null = null;

function store(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function isEntry(value: unknown): value is Entry {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'string';
}

function readEntries(): Entry[] {
  if (memoryEntries) return memoryEntries;
  try {
    const raw = store()?.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY) ?? null;
    if (raw === null) return [];
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    // Unreadable (storage refused, or not our JSON): start afresh.
    return [];
  }
}

function writeEntries(entries: Entry[]): void {
  if (memoryEntries) {
    memoryEntries = entries;
    return;
  }
  try {
    const storage = store();
    if (!storage) throw new Error('localStorage unavailable');
    if (entries.length === 0) storage.removeItem(QUOTE_ACCESS_KEYS_STORAGE_KEY);
    else storage.setItem(QUOTE_ACCESS_KEYS_STORAGE_KEY, JSON.stringify(entries));
  } catch {
    memoryEntries = entries;
  }
}

/** The stored access key of a quote (by the id or number it was opened with), or null. */
export function readQuoteAccessKey(quoteRef: string): string | null {
  return readEntries().find(([ref]) => ref === quoteRef)?.[1] ?? null;
}

/** Keeps (or with null forgets) a quote's key; the most recently kept keys survive, at most MAX_QUOTE_ACCESS_KEYS. */
export function writeQuoteAccessKey(quoteRef: string, accessKey: string | null): void {
  const others = readEntries().filter(([ref]) => ref !== quoteRef);
  const next = accessKey ? [...others, [quoteRef, accessKey] as const] : others;
  writeEntries(next.slice(-MAX_QUOTE_ACCESS_KEYS));
}
