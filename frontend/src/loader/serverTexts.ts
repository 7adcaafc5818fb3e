import { storefrontText, type StorefrontTextKey, type StorefrontTexts } from '../storefront/texts';

// Texts the server renders into the reference storefront's pages (the masquerade bar, shell §9) in English, marked
// `data-b2b-text="<key>"` (placeholders from `data-b2b-<name>` attributes) and `data-b2b-label="<key>"` for an
// aria-label. The loader puts the active language's text in; a text the merchant configured is not marked, so it
// stays as the merchant wrote it (issue 14 §3).

function isKey(texts: StorefrontTexts, key: string | undefined): key is StorefrontTextKey {
  return key !== undefined && Object.prototype.hasOwnProperty.call(texts, key);
}

function params(element: HTMLElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(element.dataset)) {
    // dataset names `data-b2b-company` as `b2bCompany`: the placeholder is `company`.
    const match = /^b2b([A-Z]\w*)$/.exec(name);
    if (match && name !== 'b2bText' && name !== 'b2bLabel' && value !== undefined) {
      values[match[1]!.charAt(0).toLowerCase() + match[1]!.slice(1)] = value;
    }
  }
  return values;
}

export function localizeServerTexts(doc: Document, texts: StorefrontTexts): void {
  doc.querySelectorAll<HTMLElement>('[data-b2b-text]').forEach((element) => {
    const key = element.dataset.b2bText;
    if (isKey(texts, key)) element.textContent = storefrontText(texts, key, params(element));
  });
  doc.querySelectorAll<HTMLElement>('[data-b2b-label]').forEach((element) => {
    const key = element.dataset.b2bLabel;
    if (isKey(texts, key)) element.setAttribute('aria-label', storefrontText(texts, key, params(element)));
  });
}
