// The texts the loader puts on storefront pages: the quote buttons, their toasts, the pending-account tips and the
// loading mask. One small catalog per language (src/locales/<lang>/storefront.json, flat key → text with `{name}`
// placeholders), of which only the active language's is fetched. Read without the portal's i18n runtime, so that
// the script every storefront page loads stays small: a plain `{name}` replacement is all these texts need.
import { formatPlainText } from '../lib/i18n/plainText';
import { browserLanguages, resolveLanguage, type Language } from '../lib/i18n/languages';
import type english from '../locales/en/storefront.json';

export type StorefrontTextKey = keyof typeof english;
export type StorefrontTexts = Readonly<Record<StorefrontTextKey, string>>;

export type StorefrontCatalogImport = () => Promise<{ default: StorefrontTexts }>;

// A literal import per language: each catalog is a chunk of its own, and the type checker requires every language
// to have every English key (src/locales/storefront.test.ts checks the placeholders).
const CATALOG_IMPORTS: Readonly<Record<Language, StorefrontCatalogImport>> = {
  en: () => import('../locales/en/storefront.json'),
  zh: () => import('../locales/zh/storefront.json'),
  fr: () => import('../locales/fr/storefront.json'),
  nl: () => import('../locales/nl/storefront.json'),
  de: () => import('../locales/de/storefront.json'),
  it: () => import('../locales/it/storefront.json'),
  es: () => import('../locales/es/storefront.json'),
};

/** The language storefront texts use: the buyer's browser language when it is one of the seven, else English. */
export function storefrontLanguage(): Language {
  return resolveLanguage({ browserLanguages: browserLanguages() });
}

/**
 * Fetches a language's catalog once per page (the loader and the quote actions share it). A catalog that cannot be
 * fetched gives the English one (and is tried again next time); null when neither comes, and the callers fall back
 * to their defaults.
 */
export function createStorefrontTextLoader(imports: Readonly<Record<Language, StorefrontCatalogImport>>) {
  const loading = new Map<Language, Promise<StorefrontTexts | null>>();
  const load = (language: Language): Promise<StorefrontTexts | null> => {
    let pending = loading.get(language);
    if (!pending) {
      pending = imports[language]().then(
        (module) => module.default,
        () => {
          loading.delete(language);
          return language === 'en' ? null : load('en');
        },
      );
      loading.set(language, pending);
    }
    return pending;
  };
  return (language: Language = storefrontLanguage()) => load(language);
}

export const loadStorefrontTexts = createStorefrontTextLoader(CATALOG_IMPORTS);

/** A text of the catalog with its `{name}` placeholders filled; the key itself when there is no catalog. */
export function storefrontText(texts: StorefrontTexts | null, key: StorefrontTextKey, params?: Readonly<Record<string, string | number>>): string {
  return formatPlainText(texts?.[key] ?? key, params);
}

/**
 * business §9 / shell §9 default button texts. The config entries carry them from the start
 * (portal/storefront_config.py), so a configured text equal to its default is not the merchant's own wording.
 */
export const DEFAULT_BUTTON_TEXTS = {
  'button.addToQuote': 'Add to Quote',
  'button.addAllToQuote': 'Add All to Quote',
  'button.finishQuote': 'Finish quote',
  'button.addToShoppingList': 'Add to Shopping List', // no such button yet (issue 18): its text is ready
  'button.endMasquerade': 'END MASQUERADE',
} as const satisfies Partial<Record<StorefrontTextKey, string>>;

export type ButtonTextKey = keyof typeof DEFAULT_BUTTON_TEXTS;

/** A button's text: the merchant's own where they set one, else the active language's, else the default. */
export function buttonText(configured: unknown, key: ButtonTextKey, texts: StorefrontTexts | null): string {
  const own = typeof configured === 'string' ? configured.trim() : '';
  if (own !== '' && own !== DEFAULT_BUTTON_TEXTS[key]) return own;
  return texts?.[key] || DEFAULT_BUTTON_TEXTS[key];
}
