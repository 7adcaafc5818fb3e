import { createContext, useCallback, useContext, type ReactNode } from 'react';

import { translate, type MessageCatalog, type MessageParams } from './catalog';
import { DEFAULT_LANGUAGE, type Language } from './languages';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);

export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext.Provider value={language}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): Language {
  return useContext(LanguageContext);
}

export type Translate<Key extends string> = (key: Key, params?: MessageParams) => string;

/** `const t = useMessages(accountMessages); t('title')` — keys are checked against the catalog. */
export function useMessages<Key extends string>(catalog: MessageCatalog<Key>): Translate<Key> {
  const language = useLanguage();
  return useCallback((key: Key, params?: MessageParams) => translate(catalog, language, key, params), [catalog, language]);
}
