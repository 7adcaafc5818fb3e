import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';

import { formatMessage, type MessageCatalog, type MessageParams } from './catalog';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import type { TranslationStore } from './translations';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
const TranslationStoreContext = createContext<TranslationStore | null>(null);
/** The page set of the page on screen (shell §4: each page has its own set of store texts). */
const TranslationPageContext = createContext<string | null>(null);

const noSubscription = () => () => undefined;
const noRevision = () => 0;

export function I18nProvider({ language, translations = null, children }: { language: Language; translations?: TranslationStore | null; children: ReactNode }) {
  return (
    <LanguageContext.Provider value={language}>
      <TranslationStoreContext.Provider value={translations}>{children}</TranslationStoreContext.Provider>
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
 * `const t = useMessages(accountMessages); t('title')` — keys are checked against the catalog. The store's own
 * wording (translations endpoint) wins over the bundled text.
 */
export function useMessages<Key extends string>(catalog: MessageCatalog<Key>): Translate<Key> {
  const language = useLanguage();
  const store = useTranslationStore();
  const page = useContext(TranslationPageContext);
  const revision = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.revision ?? noRevision, noRevision);
  return useCallback(
    (key: Key, params?: MessageParams) =>
      formatMessage(store?.lookup(page, key) ?? catalog[language][key] ?? catalog.en[key], params),
    // `revision` changes when a set of store texts arrives: a new function makes the texts render again.
    [catalog, language, store, page, revision],
  );
}
