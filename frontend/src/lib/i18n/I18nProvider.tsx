import { createContext, use, useCallback, useContext, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

import { SHELL_PART } from './catalogParts';
import type { MessageNamespace, MessageParams, PortalMessageKey } from './keys';
import { DEFAULT_LANGUAGE, type Language } from './languages';
import { formatPlainText } from './plainText';
import { partsOfNamespace, portalCatalogs as defaultCatalogs, type PortalCatalogs } from './portalCatalogs';
import type { TranslationStore } from './translations';

const LanguageContext = createContext<Language>(DEFAULT_LANGUAGE);
const CatalogsContext = createContext<PortalCatalogs>(defaultCatalogs);
const TranslationStoreContext = createContext<TranslationStore | null>(null);
/** The page set of the page on screen (shell §4: each page has its own set of store texts). */
const TranslationPageContext = createContext<string | null>(null);

const noSubscription = () => () => undefined;
const noRevision = () => 0;

/**
 * The language whose texts are there: `language` once its shell part — and, when the language changes, every
 * part loaded in the language on screen (a screen in use needs them) — has loaded. Until then the language on
 * screen stays, or null (nothing renders) when there is none yet.
 */
function useLanguageWithTexts(catalogs: PortalCatalogs, language: Language): Language | null {
  const [shown, setShown] = useState<Language | null>(null);
  const needed = [SHELL_PART, ...(shown && shown !== language ? catalogs.loaded(shown) : [])];
  const ready = catalogs.has(language, needed);
  if (ready && shown !== language) setShown(language);
  const neededKey = needed.join(' ');

  useEffect(() => {
    if (ready) return;
    let active = true;
    catalogs.load(language, neededKey.split(' ')).then(
      () => active && setShown(language),
      (error: unknown) => console.error(`[b2b-portal] the ${language} texts could not be loaded`, error),
    );
    return () => {
      active = false;
    };
  }, [catalogs, language, neededKey, ready]);
  return ready ? language : shown;
}

/**
 * The portal's language and texts. Nothing below renders before the language's shell texts are there (no flash of
 * keys): start-up loads them under the loading mask, so this waits only when the language changes — showing the
 * previous language until the new one's texts in use have arrived. A component's other texts (a page's part of the
 * catalog) are awaited by `useMessages`.
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
  const shown = useLanguageWithTexts(catalogs, language);
  if (!shown) return null;
  return (
    <LanguageContext.Provider value={shown}>
      <CatalogsContext.Provider value={catalogs}>
        <TranslationStoreContext.Provider value={translations}>{children}</TranslationStoreContext.Provider>
      </CatalogsContext.Provider>
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

/**
 * Starts downloading catalog parts of the active language without waiting for them: a page asks for its parts
 * while its chunk downloads, so that its texts do not wait for its code to ask (app/routes.tsx).
 */
export function usePreloadedTexts(parts: readonly string[]): void {
  const language = useContext(LanguageContext);
  const catalogs = useContext(CatalogsContext);
  // In render, not in an effect: the page below suspends on its chunk, and effects wait until it has shown. Loading
  // is idempotent (one download per part), so a repeated render asks for nothing new; a failure is reported by the
  // useMessages that needs the part.
  catalogs.pending(language, parts);
}

export type Translate<Key extends string> = (key: Key, params?: MessageParams) => string;

/**
 * `const t = useMessages(accountMessages); t('account.title')` — keys are checked against the namespace. The
 * component suspends (its page's Suspense shows the page spinner) until the catalog parts holding the namespace's
 * keys have loaded in the active language, so it never shows a key. The store's own wording (translations
 * endpoint) wins over the catalog's message and gets plain `{name}` replacement; catalog messages are ICU
 * (`{count, plural, one {# quote} other {# quotes}}`).
 */
export function useMessages<Key extends PortalMessageKey>(namespace: MessageNamespace<Key>): Translate<Key> {
  // Outside an I18nProvider (a component rendered alone): English, from the portal's catalogs.
  const language = useContext(LanguageContext);
  const catalogs = useContext(CatalogsContext);
  // The same promise per (language, part) on every render, as `use` needs; a failed download throws here, as a page
  // chunk that cannot load does, and is tried again on the next render.
  for (const download of catalogs.pending(language, partsOfNamespace(namespace))) use(download);
  const catalog = catalogs.catalog(language);
  const store = useTranslationStore();
  const page = useContext(TranslationPageContext);
  const revision = useSyncExternalStore(store?.subscribe ?? noSubscription, store?.revision ?? noRevision, noRevision);
  return useCallback(
    (key: Key, params?: MessageParams) => {
      const own = store?.lookup(page, key);
      if (own !== undefined) return formatPlainText(own, params);
      return catalog._(key, params);
    },
    // `revision` changes when a set of store texts arrives: a new function makes the texts render again.
    [catalog, store, page, revision],
  );
}
