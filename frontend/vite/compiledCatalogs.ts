import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';

import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

/** The import suffix that asks for a catalog compiled for Lingui: `import('…/de/portal.json?catalog')`. */
export const CATALOG_QUERY = '?catalog';

/**
 * Compiles a catalog's ICU messages (`{ "key": "ICU message" }`) into Lingui's compiled form, so that the
 * overlay ships no ICU parser. A message that does not parse fails the build (or the test run) with its key.
 */
export function compileCatalog(source: Readonly<Record<string, unknown>>, file = 'catalog'): Record<string, CompiledMessage> {
  return Object.fromEntries(
    Object.entries(source).map(([key, message]) => {
      if (typeof message !== 'string') throw new Error(`${file}: "${key}" is not a string`);
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: "${key}" is not a valid ICU message: ${(error as Error).message}`);
      }
    }),
  );
}

const catalogFile = (id: string): string | null => (id.endsWith(`.json${CATALOG_QUERY}`) ? id.slice(0, -CATALOG_QUERY.length) : null);

/**
 * Turns `import x from '…/<lang>/portal.json?catalog'` into a module whose default export is the compiled catalog.
 * The module id keeps the JSON file's path, so the dev server and Vitest reload it when a translator edits the
 * file; Vite's own JSON handling is bypassed (the module is JavaScript).
 */
export function compiledCatalogs(): Plugin {
  return {
    name: 'helix:compiled-catalogs',
    enforce: 'pre',
    async load(id) {
      const file = catalogFile(id);
      if (!file) return null;
      this.addWatchFile(file);
      const compiled = compileCatalog(JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>, file);
      return { code: `export default ${JSON.stringify(compiled)};\n`, moduleType: 'js' };
    },
    // A catalog's chunk says its language (`portal.de-<hash>.js`): seven chunks all named "portal" would not tell
    // which language a page fetched.
    outputOptions(options) {
      const names = options.chunkFileNames ?? '[name]-[hash].js';
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const pattern = typeof names === 'function' ? names(chunk) : names;
          const file = chunk.facadeModuleId ? catalogFile(chunk.facadeModuleId) : null;
          return file ? pattern.replace('[name]', `${chunk.name}.${basename(dirname(file))}`) : pattern;
        },
      };
    },
  };
}
