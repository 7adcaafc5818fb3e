import { resolveLanguage, toSupportedLanguage } from './languages';

describe('languages', () => {
  it('cuts regional variants to the base language (shell §4)', () => {
    expect(toSupportedLanguage('fr-CA')).toBe('fr');
    expect(toSupportedLanguage('zh_Hans_CN')).toBe('zh');
    expect(toSupportedLanguage('DE')).toBe('de');
    expect(toSupportedLanguage('pt-BR')).toBeNull();
    expect(toSupportedLanguage('')).toBeNull();
  });

  it('prefers the first supported browser language', () => {
    expect(resolveLanguage({ browserLanguages: ['pt-BR', 'nl-BE', 'en'], storeDefaultLanguage: 'de' })).toBe('nl');
  });

  it('falls back to the store default, then English', () => {
    expect(resolveLanguage({ browserLanguages: ['pt-BR'], storeDefaultLanguage: 'es-MX' })).toBe('es');
    expect(resolveLanguage({ browserLanguages: ['pt-BR'], storeDefaultLanguage: 'ja' })).toBe('en');
    expect(resolveLanguage({ browserLanguages: [] })).toBe('en');
  });
});
