import german from '../locales/de/storefront.json';
import english from '../locales/en/storefront.json';
import type { Language } from '../lib/i18n/languages';
import { buttonText, createStorefrontTextLoader, loadStorefrontTexts, storefrontText, type StorefrontCatalogImport } from './texts';

/** Catalog imports that answer from the real files, or fail for the languages named. */
function imports(failing: Language[] = []) {
  const asked: Language[] = [];
  const make = (language: Language, catalog: typeof english): StorefrontCatalogImport => () => {
    asked.push(language);
    return failing.includes(language) ? Promise.reject(new Error('chunk failed')) : Promise.resolve({ default: catalog });
  };
  const table = { en: make('en', english), zh: make('zh', english), fr: make('fr', english), nl: make('nl', english), de: make('de', german), it: make('it', english), es: make('es', english) };
  return { table, asked };
}

describe('storefront texts (src/locales/<lang>/storefront.json)', () => {
  it('loads the active language’s catalog only, once per page', async () => {
    vi.spyOn(window.navigator, 'languages', 'get').mockReturnValue(['de-AT', 'en']);
    const { table, asked } = imports();
    const load = createStorefrontTextLoader(table);

    const [first, second] = await Promise.all([load(), load()]);

    expect(first).toBe(second);
    expect(storefrontText(first, 'button.addToQuote')).toBe('Zum Angebot hinzufügen');
    expect(asked).toEqual(['de']);
  });

  it('falls back to English when the language’s chunk cannot be fetched, and tries it again next time', async () => {
    const { table, asked } = imports(['de']);
    const load = createStorefrontTextLoader(table);

    expect(storefrontText(await load('de'), 'quote.failed')).toBe('The products could not be added to your quote. Please try again.');
    await load('de');
    expect(asked).toEqual(['de', 'en', 'de']);
  });

  it('gives no catalog when neither comes (the callers keep their defaults)', async () => {
    const load = createStorefrontTextLoader(imports(['de', 'en']).table);
    const texts = await load('de');
    expect(texts).toBeNull();
    expect(buttonText(undefined, 'button.finishQuote', texts)).toBe('Finish quote');
  });

  it('the real loader fetches the real catalog', async () => {
    expect(storefrontText(await loadStorefrontTexts('fr'), 'button.addAllToQuote')).toBe('Tout ajouter au devis');
  });

  it('fills {name} placeholders plainly', () => {
    expect(storefrontText({ ...english, 'quote.added': 'Added {sku} ({count})' }, 'quote.added', { sku: 'HS-1', count: 2 })).toBe('Added HS-1 (2)');
  });

  it.each([
    ['nothing configured', undefined, 'Zum Angebot hinzufügen'],
    ['an empty text', '   ', 'Zum Angebot hinzufügen'],
    ['the default the config entry carries', 'Add to Quote', 'Zum Angebot hinzufügen'],
    ['the merchant’s own text', 'Request a price', 'Request a price'],
    ['not a text', 42, 'Zum Angebot hinzufügen'],
  ])('a button with %s reads %j', (_case, configured, expected) => {
    expect(buttonText(configured, 'button.addToQuote', german)).toBe(expected);
  });
});
