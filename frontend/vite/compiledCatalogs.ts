import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';

import { catalogPartOf, keyPrefix, splitIntoParts } from '../src/lib/i18n/catalogParts.js';

/** The import query that asks for a catalog compiled for Lingui: `import('…/de/portal.json?catalog')`. */
export const CATALOG_QUERY = 'catalog';
/** With `&part=quotes`, only the keys of that part (src/lib/i18n/catalogParts.ts): `…/portal.json?catalog&part=quotes`. */
export const PART_PARAM = 'part';

/** The module listing every part of the portal catalog, per language, as lazy imports (src/lib/i18n/portalCatalogs.ts). */
export const PORTAL_CATALOG_PARTS_ID = 'virtual:portal-catalog-parts';
const RESOLVED_PARTS_ID = `\0${PORTAL_CATALOG_PARTS_ID}`;

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

/** The keys of one part of a catalog. */
export function catalogPart(source: Readonly<Record<string, unknown>>, part: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(source).filter(([key]) => catalogPartOf(keyPrefix(key)) === part));
}

interface CatalogRequest {
  file: string;
  /** null: the whole catalog. */
  part: string | null;
}

/** `/…/de/portal.json?catalog&part=quotes` → the file and the part; null for any other module id. */
function catalogRequest(id: string): CatalogRequest | null {
  const query = id.indexOf('?');
  if (query < 0 || !id.slice(0, query).endsWith('.json')) return null;
  const params = new URLSearchParams(id.slice(query + 1));
  if (!params.has(CATALOG_QUERY)) return null;
  return { file: id.slice(0, query), part: params.get(PART_PARAM) };
}

export interface PortalCatalogOptions {
  /** The catalogs' folder, relative to the Vite root: `<dir>/<lang>/<file>`. */
  dir: string;
  file: string;
  languages: readonly string[];
  /** The language whose keys define the parts (the others hold the same keys: lib/i18n/catalogs.test.ts). */
  sourceLanguage: string;
}

/**
 * `import x from '…/<lang>/portal.json?catalog'` (the whole catalog) or `…?catalog&part=<part>` (one part) is a
 * module whose default export is the compiled messages. The module id keeps the JSON file's path, so the dev server
 * and Vitest reload it when a translator edits the file; Vite's own JSON handling is bypassed (the module is
 * JavaScript).
 *
 * `virtual:portal-catalog-parts` lists the portal catalog's parts — those the English keys' prefixes fall into —
 * for every language, each a literal `import()`, so each (language, part) is a chunk of its own.
 */
export function compiledCatalogs(portal: PortalCatalogOptions): Plugin {
  let root = process.cwd();
  const sourceFile = () => resolve(root, portal.dir, portal.sourceLanguage, portal.file);
  return {
    name: 'helix:compiled-catalogs',
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === PORTAL_CATALOG_PARTS_ID ? RESOLVED_PARTS_ID : null;
    },
    async load(id) {
      if (id === RESOLVED_PARTS_ID) {
        // A new prefix in the English catalog is a new part: the list follows the file.
        this.addWatchFile(sourceFile());
        const source = JSON.parse(await readFile(sourceFile(), 'utf8')) as Record<string, unknown>;
        const parts = [...splitIntoParts(Object.keys(source)).keys()];
        const lines = portal.languages.map((language) => {
          const path = `/${portal.dir}/${language}/${portal.file}`;
          const imports = parts.map((part) => `${JSON.stringify(part)}: () => import(${JSON.stringify(`${path}?${CATALOG_QUERY}&${PART_PARAM}=${encodeURIComponent(part)}`)})`);
          return `  ${JSON.stringify(language)}: {\n    ${imports.join(',\n    ')},\n  },`;
        });
        return { code: `export default {\n${lines.join('\n')}\n};\n`, moduleType: 'js' };
      }
      const request = catalogRequest(id);
      if (!request) return null;
      this.addWatchFile(request.file);
      let messages = JSON.parse(await readFile(request.file, 'utf8')) as Record<string, unknown>;
      if (request.part !== null) messages = catalogPart(messages, request.part);
      const compiled = compileCatalog(messages, request.file);
      return { code: `export default ${JSON.stringify(compiled)};\n`, moduleType: 'js' };
    },
    // A catalog's chunk says its language and part (`portal.de.quotes-<hash>.js`): chunks all named "portal" would
    // not tell which texts a page fetched.
    outputOptions(options) {
      const names = options.chunkFileNames ?? '[name]-[hash].js';
      return {
        ...options,
        chunkFileNames: (chunk) => {
          const pattern = typeof names === 'function' ? names(chunk) : names;
          const request = chunk.facadeModuleId ? catalogRequest(chunk.facadeModuleId) : null;
          if (!request) return pattern;
          const name = [chunk.name, basename(dirname(request.file)), request.part].filter(Boolean).join('.');
          return pattern.replace('[name]', name);
        },
      };
    },
  };
}
