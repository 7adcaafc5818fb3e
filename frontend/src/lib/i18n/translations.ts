import { readSessionValue, writeSessionValue } from '../storage';
import { withStorefrontToken } from '../storefrontTokenHeader';
import type { Language } from './languages';

// shell §4 translations: the store's own wording for single texts, per page set, on top of the bundled
// catalogs. `GET {apiOrigin}/storefront/translation/{storeHash}/{channelId}/{page}?lang=…&v=…` answers
// `{language, page, translationVersion, message: {key: text}}`. Each set is fetched once per browser session
// (kept in sessionStorage) and again only when the channel's translation version changes.

export const GLOBAL_PAGE_SET = 'global';
const CACHE_KEY = 'sf-translations';

export type MessageOverrides = Readonly<Record<string, string>>;

export interface TranslationIdentity {
  storeHash: string;
  channelId: number;
  language: Language;
  /** The channel's translation version (storeBasicInfo); null while unknown. */
  version: number | null;
}

interface CachedSets extends TranslationIdentity {
  sets: Record<string, MessageOverrides>;
}

export interface TranslationStore {
  /** Sets whose store, channel, language and version this is; sets of another identity are dropped. */
  use(identity: TranslationIdentity): void;
  /** Loads a page set once (no-op when loaded or loading); resolves when done, never rejects. */
  ensure(page: string): Promise<void>;
  /** The store's text for `key` on `page` (its own set first, then the global set). */
  lookup(page: string | null, key: string): string | undefined;
  subscribe(listener: () => void): () => void;
  /** Changes whenever a set arrives. */
  revision(): number;
}

function sameTarget(a: Omit<TranslationIdentity, 'version'>, b: Omit<TranslationIdentity, 'version'>): boolean {
  return a.storeHash === b.storeHash && a.channelId === b.channelId && a.language === b.language;
}

function isOverrides(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string');
}

function readCache(): CachedSets | null {
  try {
    const parsed = JSON.parse(readSessionValue(CACHE_KEY) ?? 'null') as CachedSets | null;
    return parsed && typeof parsed.sets === 'object' && parsed.sets !== null ? parsed : null;
  } catch {
    return null;
  }
}

export function translationUrl(apiOrigin: string, identity: TranslationIdentity, page: string): string {
  const search = new URLSearchParams({ lang: identity.language });
  if (identity.version !== null) search.set('v', String(identity.version));
  const path = [identity.storeHash, String(identity.channelId), page].map(encodeURIComponent).join('/');
  return `${apiOrigin.replace(/\/+$/, '')}/storefront/translation/${path}?${search}`;
}

export function createTranslationStore({ apiOrigin, fetch: fetchImpl }: { apiOrigin: string; fetch?: typeof fetch }): TranslationStore {
  const doFetch = fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  let identity: TranslationIdentity | null = null;
  // Every loaded set belongs to `identity.version` (sets of another version are dropped when it is learnt).
  let sets: Record<string, MessageOverrides> = {};
  let loading = new Map<string, Promise<void>>();
  // Raised whenever the sets are dropped; an answer to a request of an earlier generation is ignored.
  let generation = 0;
  let rev = 0;
  const listeners = new Set<() => void>();

  const notify = () => {
    rev += 1;
    listeners.forEach((listener) => listener());
  };

  const persist = () => {
    if (identity && identity.version !== null) writeSessionValue(CACHE_KEY, JSON.stringify({ ...identity, sets } satisfies CachedSets));
  };

  const reset = (next: TranslationIdentity, keep: Record<string, MessageOverrides> = {}) => {
    identity = next;
    generation += 1;
    loading = new Map();
    sets = keep;
    notify();
  };

  async function load(page: string, requested: TranslationIdentity): Promise<void> {
    const started = generation;
    let response: Response;
    try {
      // Without a known version the URL cannot tell versions apart: ask the server, not the HTTP cache.
      response = await doFetch(translationUrl(apiOrigin, requested, page), withStorefrontToken(requested.version === null ? { cache: 'no-cache' } : {}));
    } catch (error) {
      console.error(`[b2b-portal] translations "${page}" could not be loaded`, error);
      if (started === generation) loading.delete(page); // a later opening of the page tries again
      return;
    }
    let messages: MessageOverrides = {};
    let version: number | null = null;
    // A 404 (unknown store, channel or language) means "no overrides": remembered like an empty set.
    if (response.ok) {
      try {
        const body = (await response.json()) as { message?: unknown; translationVersion?: unknown };
        if (isOverrides(body.message)) messages = body.message;
        if (typeof body.translationVersion === 'number') version = body.translationVersion;
      } catch {
        messages = {};
      }
    }
    if (!identity || started !== generation) return; // another language or version meanwhile
    if (identity.version === null && version !== null) identity = { ...identity, version };
    if (version !== null && version !== identity.version && requested.version !== identity.version) {
      // Asked before the current version was known and got another one: ask again for the current version.
      loading.delete(page);
      return ensure(page);
    }
    loading.delete(page);
    sets = { ...sets, [page]: messages };
    persist();
    notify();
  }

  function ensure(page: string): Promise<void> {
    if (!identity || !identity.storeHash || page in sets) return Promise.resolve();
    const pending = loading.get(page);
    if (pending) return pending;
    const promise = load(page, identity);
    loading.set(page, promise);
    return promise;
  }

  return {
    use(next) {
      if (identity && sameTarget(identity, next)) {
        if (next.version === null || identity.version === next.version) return;
        if (identity.version === null) {
          // Sets loaded before the version was known: their answers already set it, so none are loaded yet.
          identity = { ...identity, version: next.version };
          return;
        }
        return reset(next); // the store changed its texts: every set is fetched again
      }
      const cached = readCache();
      if (cached && sameTarget(cached, next) && (next.version === null || cached.version === next.version)) {
        return reset({ ...next, version: cached.version }, { ...cached.sets });
      }
      reset(next);
    },
    ensure,
    lookup(page, key) {
      if (page !== null) {
        const own = sets[page]?.[key];
        if (own !== undefined) return own;
      }
      return sets[GLOBAL_PAGE_SET]?.[key];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    revision: () => rev,
  };
}
