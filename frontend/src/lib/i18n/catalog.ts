import type { Language } from './languages';

/** One text per message key, for every supported language. */
export type MessageCatalog<Key extends string> = { readonly [L in Language]: Readonly<Record<Key, string>> };

export type MessageKey<C> = C extends MessageCatalog<infer Key> ? Key : never;

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * Declares a catalog. English defines the keys; the type checker then requires every other language to have
 * exactly those keys (the catalog completeness test checks the same at run time).
 */
export function defineMessages<const English extends Record<string, string>>(
  catalog: { en: English } & { [L in Exclude<Language, 'en'>]: Record<keyof English, string> },
): MessageCatalog<keyof English & string> {
  return catalog as MessageCatalog<keyof English & string>;
}

/** Replaces `{name}` with `params.name`; unknown names are left as they are. */
export function formatMessage(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}

export function translate<Key extends string>(
  catalog: MessageCatalog<Key>,
  language: Language,
  key: Key,
  params?: MessageParams,
): string {
  return formatMessage(catalog[language][key] ?? catalog.en[key], params);
}
