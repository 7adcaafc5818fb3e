import type { MessageParams } from './keys';

/**
 * Replaces `{name}` with `params.name`; unknown names are left as they are. The store's own texts (shell §4
 * translations) are plain merchant text, not ICU: they get this replacement only.
 */
export function formatPlainText(template: string, params?: MessageParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(params, name) ? String(params[name]) : whole,
  );
}
