import { useCallback } from 'react';

import { GraphQLRequestError } from './graphql';
import { loadPortalCatalog, portalCatalogs, translate } from './i18n/portalCatalogs';
import { useLanguage } from './i18n/I18nProvider';
import type { Language } from './i18n/languages';
import { fieldErrorTexts } from './fieldErrors';
import { commonMessages, fieldErrorMessages } from './messages';

/**
 * The text to show for a failed request when no domain maps its code: network failures get a translated
 * text; a validation error the translated text of its first field's error (its message is that field's English
 * text: issue 14 §2); other GraphQL errors the server's message (shell §8); anything else a generic translated text.
 */
export function errorText(error: unknown, language: Language): string {
  if (error instanceof GraphQLRequestError) {
    if (error.isNetworkError) return translate(commonMessages, language, 'error.network');
    // What needs the server's cache while it is down (issue 36: a one-time sign-in token): try again shortly.
    if (error.code === 'SERVICE_UNAVAILABLE') return translate(commonMessages, language, 'error.serviceUnavailable');
    const fieldTexts = Object.values(
      fieldErrorTexts(error, {
        common: (code) => translate(fieldErrorMessages, language, `fieldError.${code}`),
        generic: translate(commonMessages, language, 'error.field'),
        serverLanguage: language === 'en',
      }),
    );
    if (fieldTexts.length > 0) return fieldTexts[0]!;
    if (error.message) return error.message;
  }
  return translate(commonMessages, language, 'error.unknown');
}

export function useErrorText(): (error: unknown) => string {
  const language = useLanguage();
  return useCallback((error: unknown) => errorText(error, language), [language]);
}

/**
 * `errorText` for callers outside React that may run before the language's catalog has loaded (the GraphQL
 * client's toasts during start-up): `show` gets the text at once when the catalog is there, else when it arrives.
 */
export function withErrorText(error: unknown, language: Language, show: (text: string) => void): void {
  if (portalCatalogs.get(language)) return show(errorText(error, language));
  // A catalog that cannot load ends start-up: the portal then shows nothing, this text included.
  loadPortalCatalog(language).then(() => show(errorText(error, language)), () => undefined);
}
