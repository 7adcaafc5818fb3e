import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { SUPPORTED_LANGUAGES } from '../lib/i18n/languages';
import { DEFAULT_BUTTON_TEXTS } from '../storefront/texts';

// The storefront's catalogs as translators edit them: src/locales/<lang>/storefront.json, `{ "key": "text" }` with
// plain `{name}` placeholders (the loader reads them without an ICU runtime).
const files = import.meta.glob<Record<string, unknown>>('/src/locales/*/storefront.json', { eager: true, import: 'default' });
const catalogs = Object.fromEntries(Object.entries(files).map(([file, catalog]) => [/\/locales\/([^/]+)\//.exec(file)![1]!, catalog]));
const english = catalogs.en!;
// The server's defaults of the storefront config entries (the button texts among them).
const storefrontConfigSource = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../portal/storefront_config.py'), 'utf8');

const placeholders = (text: unknown) => [...String(text).matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('storefront catalogs (src/locales/<lang>/storefront.json)', () => {
  it('exist for exactly the seven languages (shell §5)', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s has exactly the English keys', (language) => {
    expect(Object.keys(catalogs[language]!).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s has a non-empty text with the English {placeholders} for every key', (language) => {
    for (const [key, text] of Object.entries(catalogs[language]!)) {
      expect({ key, text: typeof text === 'string' && text.trim() !== '' }).toEqual({ key, text: true });
      expect({ key, placeholders: placeholders(text) }).toEqual({ key, placeholders: placeholders(english[key]) });
    }
  });

  it('use only plain {name} placeholders: no ICU arguments the loader could not fill', () => {
    const icu = Object.entries(catalogs).flatMap(([language, catalog]) =>
      Object.entries(catalog).filter(([, text]) => /\{\s*\w+\s*,/.test(String(text))).map(([key]) => `${language}:${key}`),
    );
    expect(icu).toEqual([]);
  });

  it('say in English exactly the default button texts, which are the server’s config defaults (business §9, shell §9)', () => {
    for (const [key, text] of Object.entries(DEFAULT_BUTTON_TEXTS)) {
      expect({ key, text: english[key] }).toEqual({ key, text });
      // A config entry still holding its default is not the merchant's own text (storefront/texts.ts buttonText).
      expect(storefrontConfigSource).toContain(`"buttonText": "${text}"`);
    }
  });
});
