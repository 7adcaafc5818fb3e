import { setupI18n, type I18n, type Messages } from '@lingui/core';
import portalCatalogParts from 'virtual:portal-catalog-parts';

import { SHELL_PART, catalogPartOf, catalogPartsOf, keyPrefix } from './catalogParts';
import type { MessageNamespace, MessageParams, PortalMessageKey } from './keys';
import { SUPPORTED_LANGUAGES, type Language } from './languages';

export type CatalogPartImport = () => Promise<{ default: Messages }>;
/** language → part → the import of that part's compiled messages. */
export type CatalogPartImports = Readonly<Record<Language, Readonly<Record<string, CatalogPartImport>>>>;

// One catalog file per language (src/locales/<lang>/portal.json), split at build time into parts by key prefix
// (catalogParts.ts) and compiled: each (language, part) is a chunk of its own, fetched when the active language's
// screen needs it. `virtual:portal-catalog-parts` (vite/compiledCatalogs.ts) holds a literal import per chunk.

/** Every part of the portal catalog, the shell first. */
export const CATALOG_PART_NAMES: readonly string[] = Object.keys(portalCatalogParts.en).sort((a, b) =>
  a === SHELL_PART ? -1 : b === SHELL_PART ? 1 : 0,
);

/** The portal's texts in one language: Lingui formats its compiled ICU messages (plurals by Intl.PluralRules). */
export type PortalCatalog = I18n;

export interface PortalCatalogs {
  /**
   * Fetches parts of a language's catalog (the shell part when none are named), each once; resolves with the
   * language's catalog when all are there. A failed download is tried again on the next call.
   */
  load(language: Language, parts?: readonly string[]): Promise<PortalCatalog>;
  /** The language's catalog once its shell part has loaded, else null. */
  get(language: Language): PortalCatalog | null;
  /** The language's catalog with the parts loaded so far. */
  catalog(language: Language): PortalCatalog;
  /** Whether these parts of the language have loaded (a part the catalog does not have counts as loaded). */
  has(language: Language, parts: readonly string[]): boolean;
  /** The downloads of those parts that have not loaded yet, started now when need be: what a text waits for. */
  pending(language: Language, parts: readonly string[]): Promise<void>[];
  /** The parts of the language loaded so far. */
  loaded(language: Language): string[];
}

export function createPortalCatalogs(imports: CatalogPartImports): PortalCatalogs {
  const catalogs = new Map<Language, PortalCatalog>();
  const loaded = new Map<Language, Set<string>>();
  const loading = new Map<string, Promise<void>>();

  function catalog(language: Language): PortalCatalog {
    let existing = catalogs.get(language);
    if (!existing) {
      // One Lingui instance per language: a text never depends on which language was activated last. Its messages
      // object is its own (Lingui merges each part into it), never a part module's export.
      existing = setupI18n({ locale: language, messages: { [language]: {} } });
      catalogs.set(language, existing);
    }
    return existing;
  }

  const isLoaded = (language: Language, part: string) => !imports[language]?.[part] || (loaded.get(language)?.has(part) ?? false);

  function loadPart(language: Language, part: string): Promise<void> {
    const id = `${language}/${part}`;
    const pending = loading.get(id);
    if (pending) return pending;
    const promise = imports[language]![part]!().then(({ default: messages }) => {
      catalog(language).load(language, messages);
      loaded.set(language, new Set(loaded.get(language)).add(part));
    });
    loading.set(id, promise);
    promise.catch(() => loading.delete(id));
    return promise;
  }

  const pending = (language: Language, parts: readonly string[]) =>
    parts.filter((part) => !isLoaded(language, part)).map((part) => loadPart(language, part));

  return {
    load: (language, parts = [SHELL_PART]) => Promise.all(pending(language, parts)).then(() => catalog(language)),
    get: (language) => (isLoaded(language, SHELL_PART) ? catalog(language) : null),
    catalog,
    has: (language, parts) => parts.every((part) => isLoaded(language, part)),
    pending,
    loaded: (language) => [...(loaded.get(language) ?? [])],
  };
}

export const portalCatalogs: PortalCatalogs = createPortalCatalogs(portalCatalogParts);

/** Loads parts of a language's catalog, by default the shell part (start-up, toasts raised before it). */
export function loadPortalCatalog(language: Language, parts?: readonly string[]): Promise<PortalCatalog> {
  return portalCatalogs.load(language, parts);
}

/** Every part of every language: what a test needs to render any screen at once, in any language. */
export async function loadAllCatalogParts(catalogs: PortalCatalogs = portalCatalogs): Promise<void> {
  await Promise.all(SUPPORTED_LANGUAGES.map((language) => catalogs.load(language, CATALOG_PART_NAMES)));
}

const namespaceParts = new WeakMap<MessageNamespace<PortalMessageKey>, readonly string[]>();

/** The catalog parts holding a namespace's keys. */
export function partsOfNamespace(namespace: MessageNamespace<PortalMessageKey>): readonly string[] {
  let parts = namespaceParts.get(namespace);
  if (!parts) {
    parts = catalogPartsOf(namespace.prefixes);
    namespaceParts.set(namespace, parts);
  }
  return parts;
}

/** Loads the parts a namespace's texts come from: then `translate` gives them outside React. */
export async function loadTexts<Key extends PortalMessageKey>(namespace: MessageNamespace<Key>, language: Language): Promise<void> {
  await portalCatalogs.load(language, partsOfNamespace(namespace));
}

/**
 * A text outside React (`errorText`, start-up): `translate(commonMessages, 'de', 'error.network')`. The shell part's
 * texts are there once start-up has loaded the language (it does before the portal renders); a text of another
 * part only after `loadTexts(namespace, language)` has resolved. The store's own texts do not apply.
 */
export function translate<Key extends PortalMessageKey>(
  _namespace: MessageNamespace<Key>,
  language: Language,
  key: NoInfer<Key>,
  params?: MessageParams,
): string {
  const part = catalogPartOf(keyPrefix(key));
  if (!portalCatalogs.has(language, [part])) {
    console.error(`[b2b-portal] "${key}" asked for before the ${language} texts of "${part}" loaded (await loadTexts first)`);
    portalCatalogs.load(language, [part]).catch(() => undefined);
    return key;
  }
  return portalCatalogs.catalog(language)._(key, params);
}
