import { SUPPORTED_LANGUAGES } from './languages';

// Every catalog in the code base: each `messages.ts` (or `…Messages.ts`) module exports catalogs made with
// defineMessages.
const modules = import.meta.glob<Record<string, Record<string, Record<string, string>>>>(
  ['/src/**/messages.ts', '/src/**/*Messages.ts'],
  { eager: true },
);

const catalogs = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).map(([name, catalog]) => ({ id: `${file}#${name}`, catalog })),
);

const parameters = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('message catalogs', () => {
  it('are found (auth, account, app, components, lib, loader)', () => {
    const files = Object.keys(modules).map((file) => file.replace(/^\/src\//, ''));
    expect(files).toEqual(
      expect.arrayContaining([
        'features/auth/messages.ts',
        'features/account/messages.ts',
        'app/messages.ts',
        'components/messages.ts',
        'lib/messages.ts',
        'loader/messages.ts',
        'features/quotes/messages.ts',
        'features/quotes/listMessages.ts',
        'features/quotes/detailMessages.ts',
        'components/dataTable/messages.ts',
        'storefront/messages.ts',
      ]),
    );
  });

  it.each(catalogs)('$id has exactly the English keys in every language', ({ catalog }) => {
    expect(Object.keys(catalog).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    const englishKeys = Object.keys(catalog.en!).sort();
    for (const language of SUPPORTED_LANGUAGES) {
      expect({ language, keys: Object.keys(catalog[language]!).sort() }).toEqual({ language, keys: englishKeys });
    }
  });

  it.each(catalogs)('$id has a non-empty text with the English {parameters} everywhere', ({ catalog }) => {
    for (const [key, english] of Object.entries(catalog.en!)) {
      for (const language of SUPPORTED_LANGUAGES) {
        const text = catalog[language]![key] ?? '';
        expect({ language, key, empty: text.trim() === '' }).toEqual({ language, key, empty: false });
        expect({ language, key, parameters: parameters(text) }).toEqual({ language, key, parameters: parameters(english) });
      }
    }
  });

  it('name every text with a key of its own: a store override (translations endpoint) changes exactly one text', () => {
    const owners = new Map<string, string[]>();
    for (const { id, catalog } of catalogs) {
      for (const key of Object.keys(catalog.en!)) owners.set(key, [...(owners.get(key) ?? []), id]);
    }
    expect([...owners].filter(([, ids]) => ids.length > 1)).toEqual([]);
  });
});
