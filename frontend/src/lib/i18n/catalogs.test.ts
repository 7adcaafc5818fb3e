import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

import type { MessageNamespace, PortalMessageKey } from './keys';
import { SUPPORTED_LANGUAGES } from './languages';

// The portal's catalogs as translators edit them: src/locales/<lang>/portal.json, `{ "key": "ICU message" }`.
const files = import.meta.glob<Record<string, string>>('/src/locales/*/portal.json', { eager: true, import: 'default' });
const catalogs = Object.fromEntries(
  Object.entries(files).map(([file, catalog]) => [/\/locales\/([^/]+)\//.exec(file)![1]!, catalog]),
);
const english = catalogs.en!;
const messages = SUPPORTED_LANGUAGES.flatMap((language) =>
  Object.entries(catalogs[language] ?? {}).map(([key, text]) => ({ language, key, text })),
);

/** A message's ICU arguments with their kind, nested ones (inside plural cases) included: `count:plural`, `name`. */
function argumentsOf(message: CompiledMessage): string[] {
  const found = new Set<string>();
  const visit = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, kind, format] = token;
      found.add(kind ? `${name}:${kind}` : name);
      if (kind === 'plural' || kind === 'selectordinal' || kind === 'select') {
        for (const [choice, nested] of Object.entries(format as Record<string, unknown>)) {
          if (choice !== 'offset') visit(nested as CompiledMessage);
        }
      }
    }
  };
  visit(message);
  return [...found].sort();
}

/** The `plural` / `select` arguments that lack the `other` case ICU requires. */
function choicesWithoutOther(message: CompiledMessage): string[] {
  return message.flatMap((token) =>
    typeof token !== 'string' && token[1] && ['plural', 'selectordinal', 'select'].includes(token[1]) && !('other' in (token[2] as object))
      ? [token[0]]
      : [],
  );
}

describe('portal catalogs (src/locales/<lang>/portal.json)', () => {
  it('exist for exactly the seven languages (shell §5)', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it.each(SUPPORTED_LANGUAGES)('%s has exactly the English keys', (language) => {
    expect(Object.keys(catalogs[language]!).sort()).toEqual(Object.keys(english).sort());
  });

  it('have a non-empty message everywhere, and every message compiles as ICU', () => {
    const failures = messages.flatMap(({ language, key, text }) => {
      if (typeof text !== 'string' || text.trim() === '') return [{ language, key, problem: 'empty' }];
      try {
        const missingOther = choicesWithoutOther(compileMessageOrThrow(text));
        return missingOther.length ? [{ language, key, problem: `no "other" case for ${missingOther.join(', ')}` }] : [];
      } catch (error) {
        return [{ language, key, problem: (error as Error).message }];
      }
    });
    expect(failures).toEqual([]);
  });

  it('use the English message’s arguments, plural arguments included, in every language', () => {
    const differences = messages.flatMap(({ language, key, text }) => {
      const expected = argumentsOf(compileMessageOrThrow(english[key] ?? ''));
      const actual = argumentsOf(compileMessageOrThrow(text));
      return JSON.stringify(actual) === JSON.stringify(expected) ? [] : [{ language, key, expected, actual }];
    });
    expect(differences).toEqual([]);
  });

  it('read plain texts back as they were written (ICU quoting changed no text)', () => {
    const changed = messages.flatMap(({ language, key, text }) => {
      const compiled = compileMessageOrThrow(text);
      const plain = compiled.every((token) => typeof token === 'string' || !token[1]);
      const rendered = compiled.map((token) => (typeof token === 'string' ? token : `{${token[0]}}`)).join('');
      return plain && rendered !== text ? [{ language, key, text, rendered }] : [];
    });
    expect(changed).toEqual([]);
  });
});

// The typed key namespaces that components pass to useMessages (`messages.ts` / `…Messages.ts`).
const namespaceModules = import.meta.glob<Record<string, unknown>>(['/src/**/messages.ts', '/src/**/*Messages.ts'], { eager: true });
const isNamespace = (value: unknown): value is MessageNamespace<PortalMessageKey> =>
  typeof value === 'object' && value !== null && 'prefixes' in value && typeof (value as { has?: unknown }).has === 'function';
const namespaces = Object.entries(namespaceModules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => isNamespace(value))
    .map(([name, namespace]) => ({ id: `${file.replace(/^\/src\//, '')}#${name}`, namespace: namespace as MessageNamespace<PortalMessageKey> })),
);

describe('message namespaces', () => {
  it('are found for the shell, the components, lib and every feature', () => {
    expect(namespaces.map(({ id }) => id)).toEqual(
      expect.arrayContaining([
        'app/messages.ts#appMessages',
        'components/messages.ts#componentMessages',
        'lib/messages.ts#commonMessages',
        'features/auth/messages.ts#authMessages',
        'features/quotes/detailMessages.ts#quoteDetailMessages',
      ]),
    );
  });

  it.each(namespaces)('$id: each prefix names catalog keys', ({ namespace }) => {
    for (const prefix of namespace.prefixes) {
      expect({ prefix, keys: Object.keys(english).some((key) => key.startsWith(prefix)) }).toEqual({ prefix, keys: true });
    }
  });

  it('have prefixes that end a key segment (`quotes.`), so the catalog part holding their keys is known', () => {
    expect(namespaces.flatMap(({ id, namespace }) => namespace.prefixes.filter((prefix) => !prefix.includes('.')).map((prefix) => ({ id, prefix })))).toEqual([]);
  });

  it('leave no catalog key outside every namespace (no text that no component can ask for)', () => {
    expect(Object.keys(english).filter((key) => !namespaces.some(({ namespace }) => namespace.has(key)))).toEqual([]);
  });
});
