import { preferredCountry, type Country } from './countries';

const country = (countryCode: string, countryName: string): Country => ({ id: countryCode.charCodeAt(0), countryCode, countryName, states: [] });
const COUNTRIES = [country('DE', 'Germany'), country('FR', 'France'), country('GB', 'United Kingdom'), country('US', 'United States')];

// Issue 36 item 14: a new address starts on a likely country, never on none of 250.
describe('preferredCountry', () => {
  it('takes the region the browser’s languages name first', () => {
    expect(preferredCountry(COUNTRIES, { languages: ['en-GB', 'en'], zoneCountries: ['US'] })).toBe('GB');
  });

  it('then the store’s home market, then the likeliest region of a bare language', () => {
    expect(preferredCountry(COUNTRIES, { languages: ['de'], zoneCountries: ['US'] })).toBe('US');
    expect(preferredCountry(COUNTRIES, { languages: ['fr'], zoneCountries: [] })).toBe('FR');
  });

  it('only a country of the store’s list, else none; a store’s only country always', () => {
    expect(preferredCountry(COUNTRIES, { languages: ['ja-JP'], zoneCountries: ['JP'] })).toBe('');
    expect(preferredCountry([country('CH', 'Switzerland')], { languages: ['en-US'], zoneCountries: [] })).toBe('CH');
    expect(preferredCountry(undefined, { languages: ['en-US'], zoneCountries: [] })).toBe('');
    expect(preferredCountry(COUNTRIES, { languages: ['not a tag!'], zoneCountries: [] })).toBe('');
  });
});
