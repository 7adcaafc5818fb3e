import { useCallback } from 'react';

import { GraphQLRequestError } from './graphql';
import { useLanguage, useMessages } from './i18n/I18nProvider';
import type { MessageKey } from './i18n/keys';
import type { Language } from './i18n/languages';
import { commonMessages, fieldErrorMessages } from './messages';

// The server writes its messages in English (docs/api.md "Errors"): only then may one be shown as it is.
const SERVER_LANGUAGE: Language = 'en';

type CodeOfKey<Key> = Key extends `fieldError.${infer Code}` ? Code : never;

/** A field error code the catalogs translate: `fieldError.<code>` in src/locales/<lang>/portal.json. */
export type CommonFieldCode = CodeOfKey<MessageKey<typeof fieldErrorMessages>>;

// The codes of the catalogs, to look the server's up at run time. The type checker holds this list and the English
// catalog's `fieldError.` keys to each other: a key without its entry here, or an entry without its key, fails.
const COMMON_FIELD_CODES: Readonly<Record<CommonFieldCode, true>> = {
  // accounts.errors.AccountFieldCode
  required: true, max_length: true, invalid_email: true, invalid_phone: true, email_in_use: true,
  wrong_current_password: true, unknown_field: true, too_many_fields: true, digits_only: true, out_of_range: true,
  invalid_choice: true, invalid_date: true, file_unavailable: true, too_many_files: true, unknown_store: true,
  contact_required: true, signed_in: true, credit_hold: true, credit_limit: true, invalid: true,
  // accounts.errors.UserFieldCode (user management, issue 16)
  email_in_company: true, email_unavailable: true,
  // the lists' filters (invoices, orders, quotes selectors) and the storefront cart's refusals (storefront/services.py)
  end_before_start: true, too_many_invoices: true, cart_pays_invoices: true, cart_too_many_lines: true,
  cart_empty: true, cart_problems: true,
  // the GraphQL layer's bounds on a list's length (options, SKUs, statuses, keys, …: portal.errors.InputError)
  too_many_items: true,
  // Django's password validators, and shell §5's rule (accounts.validators)
  password_too_short: true, password_too_common: true, password_entirely_numeric: true, password_too_similar: true,
  password_rule: true,
  // quote lines (quotes/services) and pricing.errors.PricingErrorCode
  too_many: true, unknown_sku: true, unknown_product: true, unknown_variant: true, unknown_option: true,
  required_options_missing: true, invalid_option: true, invalid_option_value: true, unknown_currency: true,
  invalid_quantity: true, quote_quantity_exceeded: true, not_available: true, out_of_stock: true,
  insufficient_stock: true,
  // quotes.errors.QuoteErrorCode, where a field's error carries one
  NO_SKU: true, NO_PRODUCTS: true, NO_CART_PRODUCTS: true, QUOTE_QUANTITY_OUT_OF_RANGE: true, PRICE_ERROR: true,
  QUOTE_TOO_MANY_LINES: true, QUOTE_TOO_MANY_FILES: true, QUOTE_FILE_REJECTED: true, QUOTE_DRAFT_EMPTY: true,
  QUOTE_NOT_OPEN: true, QUOTE_EXPIRED: true, QUOTE_NOT_PRICED: true, QUOTE_STOCK_PROBLEM: true,
  QUOTE_CART_MISMATCH: true,
};

export function isCommonFieldCode(code: string): code is CommonFieldCode {
  return Object.prototype.hasOwnProperty.call(COMMON_FIELD_CODES, code);
}

/** A domain's own text for a code on one of its fields, where it has a better one than the common text. */
export type DomainFieldText = (code: string, field: string) => string | undefined;

/** Field path (`email`, `lines.0.quantity`, `__all__`) → the text to show for its errors. */
export type FieldErrorTexts = Record<string, string>;

export interface FieldErrorTextSources {
  /** The catalog's text of a common code. */
  common(code: CommonFieldCode): string;
  /** For a field none of whose errors could be translated ("Check this field."). */
  generic: string;
  /** Whether the portal speaks the server's language, so that an untranslated message may be shown as it is. */
  serverLanguage: boolean;
  /** Asked first. */
  domain?: DomainFieldText;
}

function errorText(code: string | null, message: string, field: string, sources: FieldErrorTextSources): string | undefined {
  if (code !== null) {
    const text = sources.domain?.(code, field) ?? (isCommonFieldCode(code) ? sources.common(code) : undefined);
    if (text !== undefined) return text;
  }
  return sources.serverLanguage && message ? message : undefined;
}

/**
 * The texts of a failed request's field errors, by code (issue 14 §2: a server field error never reaches a buyer as
 * untranslated English). Each error is shown by its code: the domain's text, else the catalog's. An error whose code
 * nobody maps (or that has none) shows the server's message in English and nothing in another language, where a
 * field left without any text gets the generic one. A field's distinct texts are joined: a new password can break
 * two rules at once. Anything but a GraphQLRequestError has no field errors.
 */
export function fieldErrorTexts(error: unknown, sources: FieldErrorTextSources): FieldErrorTexts {
  if (!(error instanceof GraphQLRequestError)) return {};
  const texts: FieldErrorTexts = {};
  for (const field of new Set([...Object.keys(error.fields), ...Object.keys(error.fieldCodes)])) {
    const messages = error.fields[field] ?? [];
    const codes = error.fieldCodes[field] ?? [];
    const count = Math.max(messages.length, codes.length);
    if (count === 0) continue;
    const shown: string[] = [];
    for (let index = 0; index < count; index += 1) {
      const text = errorText(codes[index] ?? null, messages[index] ?? '', field, sources);
      if (text !== undefined && !shown.includes(text)) shown.push(text);
    }
    texts[field] = shown.length > 0 ? shown.join(' ') : sources.generic;
  }
  return texts;
}

/**
 * `fieldErrorTexts` in the portal's language, with the store's own wording where it has some:
 * `const fieldTexts = useFieldErrorTexts(); … fieldTexts(error).email`. A domain passes its better texts first.
 */
export function useFieldErrorTexts(domain?: DomainFieldText): (error: unknown) => FieldErrorTexts {
  const language = useLanguage();
  const t = useMessages(fieldErrorMessages);
  const common = useMessages(commonMessages);
  return useCallback(
    (error: unknown) =>
      fieldErrorTexts(error, {
        common: (code) => t(`fieldError.${code}`),
        generic: common('error.field'),
        serverLanguage: language === SERVER_LANGUAGE,
        domain,
      }),
    [language, t, common, domain],
  );
}
