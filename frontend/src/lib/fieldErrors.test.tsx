import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

import { fieldErrorTexts, isCommonFieldCode, useFieldErrorTexts, type FieldErrorTextSources } from './fieldErrors';
import { GraphQLRequestError, type FieldCodes } from './graphql';
import { I18nProvider } from './i18n/I18nProvider';
import type { Language } from './i18n/languages';

const refusal = (fields: Record<string, readonly string[]>, fieldCodes: FieldCodes = {}) =>
  new GraphQLRequestError(Object.values(fields)[0]?.[0] ?? '', { code: 'VALIDATION_ERROR', fields, fieldCodes });

const sources = (overrides: Partial<FieldErrorTextSources> = {}): FieldErrorTextSources => ({
  common: (code) => `common ${code}`,
  generic: 'generic',
  serverLanguage: false,
  ...overrides,
});

describe('fieldErrorTexts', () => {
  it('shows each field by its code: the common text', () => {
    const error = refusal({ email: ['Enter a valid email address.'], phoneNumber: ['Enter a valid phone number.'] }, { email: ['invalid_email'], phoneNumber: ['invalid_phone'] });

    expect(fieldErrorTexts(error, sources())).toEqual({ email: 'common invalid_email', phoneNumber: 'common invalid_phone' });
    expect(fieldErrorTexts(error, sources({ serverLanguage: true }))).toEqual({ email: 'common invalid_email', phoneNumber: 'common invalid_phone' });
  });

  it('asks the domain first, for its code on its field, and falls back to the common text', () => {
    const error = refusal(
      { 'lines.0.quantity': ['The quantity of each product in Quote is 1-1000000.'], 'lines.1.sku': ['No product has the SKU NOPE.'] },
      { 'lines.0.quantity': ['QUOTE_QUANTITY_OUT_OF_RANGE'], 'lines.1.sku': ['unknown_sku'] },
    );
    const asked: string[] = [];
    const domain = (code: string, field: string) => {
      asked.push(`${field}:${code}`);
      return code === 'QUOTE_QUANTITY_OUT_OF_RANGE' ? 'business §8 quantity' : undefined;
    };

    expect(fieldErrorTexts(error, sources({ domain }))).toEqual({ 'lines.0.quantity': 'business §8 quantity', 'lines.1.sku': 'common unknown_sku' });
    expect(asked).toEqual(['lines.0.quantity:QUOTE_QUANTITY_OUT_OF_RANGE', 'lines.1.sku:unknown_sku']);
  });

  it('in English shows the server’s message for a code nobody maps, and for a message without a code', () => {
    const error = refusal(
      { note: ['Enter at most 5000 characters.'], first: ['Ask for at most 100 products at a time.'] },
      { note: ['a_code_of_tomorrow'] },
    );

    expect(fieldErrorTexts(error, sources({ serverLanguage: true }))).toEqual({
      note: 'Enter at most 5000 characters.',
      first: 'Ask for at most 100 products at a time.',
    });
  });

  it('in another language never shows the server’s English: the generic text instead', () => {
    const error = refusal(
      { note: ['Enter at most 5000 characters.'], first: ['Ask for at most 100 products at a time.'] },
      { note: ['a_code_of_tomorrow'] },
    );

    expect(fieldErrorTexts(error, sources())).toEqual({ note: 'generic', first: 'generic' });
  });

  it('joins a field’s distinct texts, and leaves out the English ones it cannot translate', () => {
    const error = refusal(
      { newPassword: ['The password is too similar to the email address.', 'This password is too common.', 'Something new.', 'This password is too common.'] },
      { newPassword: ['password_too_similar', 'password_too_common', null, 'password_too_common'] },
    );

    expect(fieldErrorTexts(error, sources())).toEqual({ newPassword: 'common password_too_similar common password_too_common' });
    expect(fieldErrorTexts(error, sources({ serverLanguage: true }))).toEqual({
      newPassword: 'common password_too_similar common password_too_common Something new.',
    });
  });

  it('reads codes without messages, skips fields without errors, and finds nothing in other failures', () => {
    const error = refusal({ email: [] }, { phoneNumber: ['invalid_phone'], state: [null] });

    expect(fieldErrorTexts(error, sources({ serverLanguage: true }))).toEqual({ phoneNumber: 'common invalid_phone', state: 'generic' });
    expect(fieldErrorTexts(new GraphQLRequestError('Network error', { code: 'NETWORK_ERROR' }), sources())).toEqual({});
    expect(fieldErrorTexts(new Error('boom'), sources())).toEqual({});
    expect(fieldErrorTexts(undefined, sources())).toEqual({});
  });

  it('knows the codes of the catalogs only', () => {
    for (const code of ['required', 'password_too_short', 'password_rule', 'unknown_sku', 'QUOTE_QUANTITY_OUT_OF_RANGE', 'out_of_stock']) {
      expect({ code, known: isCommonFieldCode(code) }).toEqual({ code, known: true });
    }
    for (const code of ['a_code_of_tomorrow', 'toString', 'constructor', '']) expect({ code, known: isCommonFieldCode(code) }).toEqual({ code, known: false });
  });
});

describe('useFieldErrorTexts', () => {
  const render = (language: Language, domain?: (code: string, field: string) => string | undefined) =>
    renderHook(() => useFieldErrorTexts(domain), {
      wrapper: ({ children }: { children: ReactNode }) => <I18nProvider language={language}>{children}</I18nProvider>,
    }).result.current;

  const error = refusal(
    {
      currentPassword: ['Your current password is incorrect.'],
      newPassword: ['Passwords must be at least 7 characters and contain both letters and numbers.'],
      phoneNumber: ['A rule the overlay does not know yet.'],
    },
    { currentPassword: ['wrong_current_password'], newPassword: ['password_rule'], phoneNumber: ['a_code_of_tomorrow'] },
  );

  it('translates by code in German, with the generic German text for an unknown code', () => {
    expect(render('de')(error)).toEqual({
      currentPassword: 'Ihr aktuelles Passwort ist nicht korrekt.',
      newPassword: 'Verwenden Sie mindestens 7 Zeichen, darunter mindestens einen Buchstaben und eine Ziffer.',
      phoneNumber: 'Bitte prüfen Sie dieses Feld.',
    });
  });

  it('in English uses the catalog’s texts too, and the server’s message only for the unknown code', () => {
    expect(render('en')(error)).toEqual({
      currentPassword: 'Your current password is incorrect.',
      newPassword: 'Use at least 7 characters, with at least one letter and one digit.',
      phoneNumber: 'A rule the overlay does not know yet.',
    });
  });

  it('lets a domain’s text win', () => {
    const texts = render('fr', (code, field) => (field === 'currentPassword' && code === 'wrong_current_password' ? 'Mot de passe du domaine.' : undefined))(error);
    expect(texts.currentPassword).toBe('Mot de passe du domaine.');
    expect(texts.phoneNumber).toBe('Vérifiez ce champ.');
  });
});
