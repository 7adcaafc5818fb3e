import { setupI18n, type I18n, type Messages } from '@lingui/core';

import type { MessageNamespace, MessageParams, PortalMessageKey } from './keys';
import type { Language } from './languages';

type CatalogImport = () => Promise<{ default: Messages }>;

// One catalog file per language (src/locales/<lang>/portal.json), compiled at build time: each is a chunk of its
// own, and only the active language's is fetched. A literal import per language keeps that chunk split visible
// to the bundler (and to the type checker: every supported language needs one).
const PORTAL_CATALOG_IMPORTS: Readonly<Record<Language, CatalogImport>> = {
  en: () => import('../../locales/en/portal.json?catalog'),
  zh: () => import('../../locales/zh/portal.json?catalog'),
  fr: () => import('../../locales/fr/portal.json?catalog'),
  nl: () => import('../../locales/nl/portal.json?catalog'),
  de: () => import('../../locales/de/portal.json?catalog'),
  it: () => import('../../locales/it/portal.json?catalog'),
  es: () => import('../../locales/es/portal.json?catalog'),
};

/** The portal's texts in one language: Lingui formats its compiled ICU messages (plurals by Intl.PluralRules). */
export type PortalCatalog = I18n;

export interface PortalCatalogs {
  /** Fetches a language's catalog once; a failed download is tried again on the next call. */
  load(language: Language): Promise<PortalCatalog>;
  /** The catalog when it has loaded, else null. */
  get(language: Language): PortalCatalog | null;
}

export function createPortalCatalogs(imports: Readonly<Record<Language, CatalogImport>>): PortalCatalogs {
  const loaded = new Map<Language, PortalCatalog>();
  const loading = new Map<Language, Promise<PortalCatalog>>();
  return {
    load(language) {
      const pending = loading.get(language);
      if (pending) return pending;
      const promise = imports[language]().then(({ default: messages }) => {
        // One Lingui instance per language: a text never depends on which language was activated last.
        const catalog = setupI18n({ locale: language, messages: { [language]: messages } });
        loaded.set(language, catalog);
        return catalog;
      });
      loading.set(language, promise);
      promise.catch(() => loading.delete(language));
      return promise;
    },
    get: (language) => loaded.get(language) ?? null,
  };
}

export const portalCatalogs: PortalCatalogs = createPortalCatalogs(PORTAL_CATALOG_IMPORTS);

export function loadPortalCatalog(language: Language): Promise<PortalCatalog> {
  return portalCatalogs.load(language);
}

/**
 * A text outside React (`errorText`, start-up): `translate(commonMessages, 'de', 'error.network')`. The language's
 * catalog must have loaded (start-up loads it before the portal renders); the store's own texts do not apply.
 */
export function translate<Key extends PortalMessageKey>(
  _namespace: MessageNamespace<Key>,
  language: Language,
  key: NoInfer<Key>,
  params?: MessageParams,
): string {
  const catalog = portalCatalogs.get(language);
  if (!catalog) {
    console.error(`[b2b-portal] "${key}" asked for before the ${language} catalog loaded`);
    return key;
  }
  return catalog._(key, params);
}
