import { useCallback } from 'react';

import { useErrorText } from '../../lib/errorText';
import { useFieldErrorTexts, type FieldErrorTexts } from '../../lib/fieldErrors';
import { GraphQLRequestError } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { addressMessages } from './messages';

// api.md "Address book" Refusals: the codes of the book's operations as translated texts.

const TEXT_BY_CODE: Record<string, MessageKey<typeof addressMessages>> = {
  PERMISSION_DENIED: 'addresses.error.permissionDenied',
  NOT_FOUND: 'addresses.error.notFound',
  ADDRESS_BOOK_FULL: 'addresses.error.bookFull',
};

// Field codes of the address book only (the common ones are lib/fieldErrors' `fieldError.<code>`).
const FIELD_TEXT_BY_CODE: Record<string, MessageKey<typeof addressMessages>> = {
  address_kind: 'addresses.error.kind',
  default_kind: 'addresses.error.defaultKind',
  invalid_phone: 'addresses.error.phone',
};

/** The text of a refused or failed request: the book's own codes, else the common texts. */
export function useAddressErrorText(): (error: unknown) => string {
  const t = useMessages(addressMessages);
  const errorText = useErrorText();
  return useCallback(
    (error: unknown) => {
      const key = error instanceof GraphQLRequestError && error.code !== undefined ? TEXT_BY_CODE[String(error.code)] : undefined;
      return key ? t(key) : errorText(error);
    },
    [t, errorText],
  );
}

/** The translated text of each field the server rejected, by path (`city`, `isShipping`, `extraFields.dockHours`). */
export function useAddressFieldErrors(): (error: unknown) => FieldErrorTexts {
  const t = useMessages(addressMessages);
  const domain = useCallback((code: string) => {
    const key = FIELD_TEXT_BY_CODE[code];
    return key ? t(key) : undefined;
  }, [t]);
  return useFieldErrorTexts(domain);
}
