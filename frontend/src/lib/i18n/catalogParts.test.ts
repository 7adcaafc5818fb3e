import portalCatalogParts from 'virtual:portal-catalog-parts';

import { componentMessages } from '../../components/messages';
import { dataTableMessages } from '../../components/dataTable/messages';
import { commonMessages, fieldErrorMessages } from '../messages';
import { CATALOG_PARTS, SHELL_PART, catalogPartOf, catalogPartsOf, keyPrefix, splitIntoParts } from './catalogParts';
import { SUPPORTED_LANGUAGES } from './languages';
import { CATALOG_PART_NAMES, partsOfNamespace } from './portalCatalogs';

// The catalogs as translators edit them (src/locales/<lang>/portal.json), beside what the build makes of them.
const files = import.meta.glob<Record<string, string>>('/src/locales/*/portal.json', { eager: true, import: 'default' });
const sources = Object.fromEntries(Object.entries(files).map(([file, catalog]) => [/\/locales\/([^/]+)\//.exec(file)![1]!, catalog]));
const english = sources.en!;
const englishPrefixes = [...new Set(Object.keys(english).map(keyPrefix))].sort();

describe('catalog parts (lib/i18n/catalogParts.ts)', () => {
  it('put every prefix of the English catalog in exactly one part', () => {
    const placements = englishPrefixes.map((prefix) => ({
      prefix,
      parts: [...splitIntoParts(Object.keys(english)).entries()].filter(([, prefixes]) => prefixes.includes(prefix)).map(([part]) => part),
    }));
    expect(placements.filter(({ parts }) => parts.length !== 1)).toEqual([]);
    expect(placements.every(({ prefix, parts }) => parts[0] === catalogPartOf(prefix))).toBe(true);
  });

  it('name each grouped prefix once, and only prefixes the catalog has', () => {
    const named = Object.values(CATALOG_PARTS).flat();
    expect(named.length).toBe(new Set(named).size);
    expect(named.filter((prefix) => !englishPrefixes.includes(prefix))).toEqual([]);
  });

  it('give a prefix the map does not name a part of its own, whose name no named part uses', () => {
    const named: readonly string[] = Object.values(CATALOG_PARTS).flat();
    const own = englishPrefixes.filter((prefix) => !named.includes(prefix));
    expect(own.map(catalogPartOf)).toEqual(own);
    expect(own.filter((prefix) => prefix in CATALOG_PARTS)).toEqual([]);
    expect(catalogPartOf('aFeatureNotWrittenYet')).toBe('aFeatureNotWrittenYet');
  });

  // The shell's and each page's needs, read from their modules, are checked in app/pageTexts.test.ts.
  it('hold in the shell part the texts of lib (also given outside React: errorText) and of the toasts and data table', () => {
    for (const namespace of [commonMessages, fieldErrorMessages, componentMessages, dataTableMessages]) {
      expect({ prefixes: namespace.prefixes, parts: partsOfNamespace(namespace) }).toEqual({ prefixes: namespace.prefixes, parts: [SHELL_PART] });
    }
  });

  it('map namespace prefixes, sub-prefixes included, to the parts of their first segment', () => {
    expect(catalogPartsOf(['validation.password.', 'error.'])).toEqual([SHELL_PART]);
    expect(catalogPartsOf(['users.', 'role.', 'validation.'])).toEqual(['users', 'account', SHELL_PART]);
  });
});

describe('the built catalog parts (virtual:portal-catalog-parts)', () => {
  it('list the same parts for every language: those the English prefixes fall into, the shell first', () => {
    const parts = [...splitIntoParts(Object.keys(english)).keys()].sort();
    expect([...CATALOG_PART_NAMES].sort()).toEqual(parts);
    expect(CATALOG_PART_NAMES[0]).toBe(SHELL_PART);
    for (const language of SUPPORTED_LANGUAGES) expect(Object.keys(portalCatalogParts[language]).sort()).toEqual(parts);
  });

  it.each(SUPPORTED_LANGUAGES)('%s: each part holds exactly its prefixes’ keys, and the parts together the whole catalog', async (language) => {
    const seen: string[] = [];
    for (const [part, load] of Object.entries(portalCatalogParts[language])) {
      const keys = Object.keys((await load()).default);
      expect({ part, strays: keys.filter((key) => catalogPartOf(keyPrefix(key)) !== part) }).toEqual({ part, strays: [] });
      seen.push(...keys);
    }
    expect(seen.sort()).toEqual(Object.keys(sources[language]!).sort());
  });
});
