// The portal's message keys are the keys of the English catalog (English defines them; the completeness test
// holds the other languages to them). A type-only import: it bundles nothing.
export type PortalMessageKey = keyof typeof import('../../locales/en/portal.json') & string;

/** Values of a message's ICU arguments: `{name}`, `{count, plural, …}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The keys one part of the portal uses: a typed view of the catalog that holds no texts. `useMessages(namespace)`
 * then accepts exactly these keys.
 */
export interface MessageNamespace<Key extends PortalMessageKey> {
  readonly prefixes: readonly string[];
  has(key: string): key is Key;
}

export type MessageKey<N> = N extends MessageNamespace<infer Key> ? Key : never;

type KeysStartingWith<Prefix extends string> = Extract<PortalMessageKey, `${Prefix}${string}`>;

/**
 * `messageNamespace('menu.', 'header.')`: the catalog's keys that start with one of the prefixes. A key added to
 * the English catalog under a prefix is usable at once, without touching TypeScript.
 */
export function messageNamespace<const Prefix extends string>(...prefixes: readonly Prefix[]): MessageNamespace<KeysStartingWith<Prefix>> {
  return {
    prefixes,
    has: (key: string): key is KeysStartingWith<Prefix> => prefixes.some((prefix) => key.startsWith(prefix)),
  };
}
