import { useCallback } from 'react';

import { GraphQLRequestError } from './graphql';
import { translate } from './i18n/catalog';
import { useLanguage } from './i18n/I18nProvider';
import type { Language } from './i18n/languages';
import { commonMessages } from './messages';

/**
 * The text to show for a failed request when no domain maps its code: network failures get a translated
 * text, GraphQL errors the server's message (shell §8), anything else a generic translated text.
 */
export function errorText(error: unknown, language: Language): string {
  if (error instanceof GraphQLRequestError) {
    if (error.isNetworkError) return translate(commonMessages, language, 'error.network');
    if (error.message) return error.message;
  }
  return translate(commonMessages, language, 'error.unknown');
}

export function useErrorText(): (error: unknown) => string {
  const language = useLanguage();
  return useCallback((error: unknown) => errorText(error, language), [language]);
}
