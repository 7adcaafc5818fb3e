import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

import type { MessageNamespace, MessageParams, PortalMessageKey } from './keys';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { formatPlainText } from './plainText';
import { portalCatalogs as defaultCatalogs, type PortalCatalog, type PortalCatalogs } from './portalCatalogs';
import type { TranslationStore } from './translations';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
const CatalogContext = createContext<PortalCatalog | null>(null);
const TranslationStoreContext = createContext<TranslationStore | null>(null);
/** The page set of the page on screen (shell §4: each page has its own set of store texts). */
const TranslationPageContext = createContext<string | null>(null);

const noSubscription = () => () => undefined;
const noRevision = () => 0;

/** The language's catalog, loading it when it has not loaded yet (null meanwhile). */
function useCatalog(catalogs: PortalCatalogs, language: Language): PortalCatalog | null {
  const catalog = catalogs.get(language);
  const [, setArrived] = useState<PortalCatalog | null>(null);
  useEffect(() => {
    if (catalog) return;
    let active = true;
    catalogs.load(language).then(
      (loaded) => active && setArrived(loaded),
      (error: unknown) => console.error(`[b2b-portal] the ${language} texts could not be loaded`, error),
    );
    return () => {
      active = false;
    };
  }, [catalogs, language, catalog]);
  return catalog;
}

/**
 * The portal's language and texts. Nothing below renders before the language's catalog is there (no flash of
 * keys): start-up loads it under the loading mask, so this waits only when the language changes.
 */
export function I18nProvider({
  language,
  translations = null,
  catalogs = defaultCatalogs,
  children,
}: {
  language: Language;
  translations?: TranslationStore | null;
  catalogs?: PortalCatalogs;
  children: ReactNode;
}) {
  const catalog = useCatalog(catalogs, language);
  if (!catalog) return null;
  return (
    <LanguageContext.Provider value={language}>
      <CatalogContext.Provider value={catalog}>
        <TranslationStoreContext.Provider value={translations}>{children}</TranslationStoreContext.Provider>
      </CatalogContext.Provider>
    </LanguageContext.Provider>
  );
}

/** Texts below use the store's overrides of `page` (and of the global set). */
export function TranslationPage({ page, children }: { page: string | null; children: ReactNode }) {
  return <TranslationPageContext.Provider value={page}>{children}</TranslationPageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export function useTranslationStore(): TranslationStore | null {
  return useContext(TranslationStoreContext);
}

export type Translate<Key extends string> = (key: Key, params?: MessageParams) => string;

/**
 * `const t = useMessages(accountMessages); t('account.title')` — keys are checked against the namespace. The
 * store's own wording (translations endpoint) wins over the catalog's message and gets plain `{name}`
 * replacement; catalog messages are ICU (`{count, plural, one {# quote} other {# quotes}}`).
 */
export function useMessages<Key extends PortalMessageKey>(_namespace: MessageNamespace<Key>): Translate<Key> {
  // Outside an I18nProvider (a component rendered alone), English as before the language is known.
  const catalog = useContext(CatalogContext) ?? defaultCatalogs.get(DEFAULT_LANGUAGE);
  const store = useTranslationStore();
  const page = useContext(TranslationPageContext);
  const revision = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.revision ?? noRevision, noRevision);
  return useCallback(
    (key: Key, params?: MessageParams) => {
      const own = store?.lookup(page, key);
      if (own !== undefined) return formatPlainText(own, params);
      return catalog ? catalog._(key, params) : key;
    },
    // `revision` changes when a set of store texts arrives: a new function makes the texts render again.
    [catalog, store, page, revision],
  );
}
