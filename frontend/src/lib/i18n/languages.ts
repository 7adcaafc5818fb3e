// shell §5: the seven supported languages; shell §4: default en, regional variants cut to the base language.
export const SUPPORTED_LANGUAGES = ['en', 'zh', 'fr', 'nl', 'de', 'it', 'es'] as const;

export type Language = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: string): value is Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/** `fr-CA` → `fr`, `zh_Hans_CN` → `zh`, `DE` → `de`; null when the base language is not supported. */
export function toSupportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isSupportedLanguage(base) ? base : null;
}

export interface LanguageSources {
  /** The browser's preferred languages, most preferred first (`navigator.languages`). */
  browserLanguages: readonly string[];
  /** The store's `defaultLanguage`, when known. */
  storeDefaultLanguage?: string | null;
}

/**
 * The portal speaks the buyer's browser language when it is one of the seven, else the store's default
 * language, else English.
 */
export function resolveLanguage({ browserLanguages, storeDefaultLanguage }: LanguageSources): Language {
  for (const tag of browserLanguages) {
    const language = toSupportedLanguage(tag);
    if (language) return language;
  }
  return toSupportedLanguage(storeDefaultLanguage) ?? DEFAULT_LANGUAGE;
}

export function browserLanguages(nav: Pick<Navigator, 'language' | 'languages'> = navigator): readonly string[] {
  if (nav.languages && nav.languages.length > 0) return nav.languages;
  return nav.language ? [nav.language] : [];
}
