// The portal catalog's parts (docs/decisions.md, "Catalog parts"). Translators keep one portal.json per language;
// the build splits it by key prefix — the segment before the first "." (`quotes` of `quotes.title`) — into parts, and
// the portal fetches a part of the active language when something on screen needs it. This map names the parts that
// group several prefixes; a prefix it does not name is a part of its own, so a new feature's texts need no edit
// here. Read by the Vite plugin (vite/compiledCatalogs.ts) at build time and by the runtime: no browser API here.

import type { PortalMessageKey } from './keys';

/** The part start-up loads: what the shell (layout, menu, toasts, error texts) and the sign-in pages show. */
export const SHELL_PART = 'shell';

export const CATALOG_PARTS = {
  [SHELL_PART]: [
    // app/messages.ts: the layout, its header, menu, page spinner, account status and masquerade bar.
    'layout',
    'header',
    'menu',
    'page',
    'status',
    'masquerade',
    // components/messages.ts (toasts) and the data table every list page uses.
    'toast',
    'dataTable',
    // lib/messages.ts: error texts, also given outside React (errorText, start-up's toasts), and field errors.
    'error',
    'validation',
    'fieldError',
    // The pages a guest opens the portal on: sign-in, new customer, password reset.
    'login',
    'newCustomer',
    'forgot',
  ],
  quotes: ['quotes', 'quoteDraft', 'quoteDetail', 'quoteSearch', 'quoteEdit', 'superAdminDraft'],
  account: ['account', 'audit', 'role'],
  register: ['register', 'upload', 'finish', 'convert'],
  // The shared components of the product pages (components/productSearch, productOptions, transferReport, dropzone).
  components: ['productSearch', 'quickAdd', 'productOptions', 'transfer', 'dropzone'],
} as const satisfies Readonly<Record<string, readonly string[]>>;

/** A part this map names. */
export type NamedCatalogPart = keyof typeof CATALOG_PARTS;

type PrefixOf<Key> = Key extends `${infer Prefix}.${string}` ? Prefix : never;
type NamedPrefix = (typeof CATALOG_PARTS)[NamedCatalogPart][number];

/** A part of the portal catalog: one the map names, or the part of its own of a prefix it does not name (`orders`). */
export type CatalogPart = NamedCatalogPart | Exclude<PrefixOf<PortalMessageKey>, NamedPrefix>;

const PART_OF_PREFIX: ReadonlyMap<string, string> = new Map(
  Object.entries(CATALOG_PARTS).flatMap(([part, prefixes]) => prefixes.map((prefix) => [prefix, part] as const)),
);

/** `quotes.title` → `quotes`; `validation.password.short` → `validation`. */
export function keyPrefix(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(0, dot);
}

/** The part holding a prefix's keys: the one the map names, else a part of the prefix's own name. */
export function catalogPartOf(prefix: string): string {
  return PART_OF_PREFIX.get(prefix) ?? prefix;
}

/** The parts holding the keys under some key prefixes (`['validation.password.', 'error.']` → `['shell']`). */
export function catalogPartsOf(prefixes: readonly string[]): string[] {
  return [...new Set(prefixes.map((prefix) => catalogPartOf(keyPrefix(prefix))))];
}

/** A catalog's parts: part → the prefixes of its keys that land there, in the order they first appear. */
export function splitIntoParts(keys: Iterable<string>): Map<string, string[]> {
  const parts = new Map<string, string[]>();
  for (const key of keys) {
    const prefix = keyPrefix(key);
    const part = catalogPartOf(prefix);
    const prefixes = parts.get(part) ?? [];
    if (!prefixes.includes(prefix)) prefixes.push(prefix);
    parts.set(part, prefixes);
  }
  return parts;
}
