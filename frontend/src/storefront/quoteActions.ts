// What a click on a storefront quote button does (issue 6). Imported by ./quoteButtons on the first click, so
// none of it is in the loader's script.
import type { PortalConfig } from '../lib/config';
import { clearDraftCopy } from '../lib/quoteDraftCopy';
import { announceQuoteDraftChanged } from '../lib/quoteDraftEvents';
import { readDraftKey, writeDraftKey } from '../lib/quoteDraftKey';
import { QUOTE_BUTTON_ATTRIBUTE } from './quoteButtons';
import { storefrontGraphQL, storefrontToken } from './quoteState';
import { loadStorefrontTexts, storefrontText, type StorefrontTextKey } from './texts';

type Key = Extract<StorefrontTextKey, `quote.${string}`>;

const TOAST_ID = 'helix-quote-toast';
const TOAST_MS = 5000;

/** A toast's text in the active language (the buttons have loaded the catalog already: no second fetch). */
const t = async (key: Key) => storefrontText(await loadStorefrontTexts(), key);

const KEY_BY_CODE: Record<string, Key> = {
  NO_SKU: 'quote.noSku',
  NO_PRODUCTS: 'quote.noProducts',
  NO_CART_PRODUCTS: 'quote.noCartProducts',
  QUOTE_QUANTITY_OUT_OF_RANGE: 'quote.quantity',
  PRICE_ERROR: 'quote.priceError',
};

/** A toast on the storefront page itself (the portal is closed): success or error, gone after 5 s. */
export function showStorefrontToast(kind: 'success' | 'error', message: string, doc: Document = document): void {
  doc.getElementById(TOAST_ID)?.remove();
  const toast = doc.createElement('div');
  toast.id = TOAST_ID;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  toast.dataset.kind = kind;
  // Below the storefront's header while it is in view, so that the toast never covers its search box.
  const header = doc.querySelector('header');
  const top = Math.max(16, Math.round((header?.getBoundingClientRect().bottom ?? 0) + 12));
  toast.style.cssText = [
    'position: fixed', `top: ${top}px`, 'left: 50%', 'transform: translateX(-50%)', 'z-index: 2147483001', 'max-width: 90vw',
    `background: ${kind === 'error' ? '#d32f2f' : '#2e7d32'}`, 'color: #fff', 'padding: 12px 20px', 'border-radius: 4px',
    'font: 500 15px/1.4 system-ui, sans-serif', 'box-shadow: 0 3px 10px rgba(0,0,0,.3)',
  ].join('; ');
  toast.textContent = message;
  doc.body.appendChild(toast);
  setTimeout(() => toast.remove(), TOAST_MS);
}

/**
 * The pressed quote button is disabled while its work runs, and a disabled button loses focus to the page's <body>
 * (Chromium): focus goes back to the button as soon as it is enabled again, unless the shopper has moved it meanwhile,
 * so that a keyboard user goes on from where they were (issue 15). The toast speaks for itself (a live region).
 */
function returnFocusWhenEnabled(button: HTMLButtonElement | null): void {
  if (!button?.disabled) return;
  const doc = button.ownerDocument;
  const observer = new MutationObserver(() => {
    if (button.disabled) return;
    observer.disconnect();
    if (button.isConnected && (doc.activeElement === null || doc.activeElement === doc.body)) button.focus();
  });
  observer.observe(button, { attributes: true, attributeFilter: ['disabled'] });
}

function quoteButton(doc: Document, kind: 'product' | 'cart'): HTMLButtonElement | null {
  return doc.querySelector<HTMLButtonElement>(`button[${QUOTE_BUTTON_ATTRIBUTE}="${kind}"]`);
}

interface LineInput {
  productId?: number;
  quantity: number;
  options?: { optionId: number; value: string }[];
}

/**
 * business §5: an integer from 1 to the limit; empty is 1, larger values are clamped. The limit is the `max` of the
 * page's quantity field (the storefront renders the server's rule, portal/quantity.py, into it); a page whose field
 * has none leaves the bound to the server, which refuses past it (QUOTE_QUANTITY_OUT_OF_RANGE, a toast).
 */
function quantityOf(form: HTMLFormElement, value: FormDataEntryValue | null): number {
  const number = Math.floor(Number(typeof value === 'string' ? value.trim() : ''));
  if (!Number.isFinite(number) || number < 1) return 1;
  const field = form.elements.namedItem('qty');
  const limit = field instanceof HTMLInputElement && field.max !== '' ? Number(field.max) : Number.NaN;
  return Number.isInteger(limit) && limit >= 1 ? Math.min(number, limit) : number;
}

/** The product form's choices: `attribute[{id}]` values, dates from their `[month]`/`[day]`/`[year]` parts. */
export function readProductForm(form: HTMLFormElement): LineInput | null {
  const data = new FormData(form);
  const productId = Number(data.get('product_id'));
  if (!Number.isInteger(productId) || productId <= 0) return null;
  const values = new Map<number, string>();
  const dates = new Map<number, Record<string, string>>();
  data.forEach((value, name) => {
    if (typeof value !== 'string') return;
    const match = /^attribute\[(\d+)\](?:\[(month|day|year)\])?$/.exec(name);
    if (!match) return;
    const id = Number(match[1]);
    if (match[2]) dates.set(id, { ...dates.get(id), [match[2]]: value });
    else if (value.trim() !== '') values.set(id, value);
  });
  for (const [id, parts] of dates) {
    if (parts.year && parts.month && parts.day) values.set(id, `${parts.year}-${parts.month.padStart(2, '0')}-${parts.day.padStart(2, '0')}`);
  }
  return {
    productId,
    quantity: quantityOf(form, data.get('qty')),
    options: [...values].map(([optionId, value]) => ({ optionId, value })),
  };
}

const ADD_LINES = `mutation QuoteDraftAddLines($draftKey: String, $source: QuoteSource!, $channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
  quoteDraftAddLines(draftKey: $draftKey, source: $source, channelId: $channelId, lines: $lines) { message draft { draftKey } }
}`;
// The server reads the cart's lines itself, with their variants and options (issue 13): the cart API names options
// by their labels, which the draft cannot take.
const ADD_CART = `mutation QuoteDraftAddCart($draftKey: String, $cartId: String!, $channelId: Int!) {
  quoteDraftAddCart(draftKey: $draftKey, cartId: $cartId, channelId: $channelId) { message draft { draftKey } }
}`;
const CLAIM = `mutation QuoteDraftClaim($draftKey: String!) { quoteDraftClaim(draftKey: $draftKey) { message } }`;

interface DraftAddition {
  query: string;
  field: 'quoteDraftAddLines' | 'quoteDraftAddCart';
  variables: Record<string, unknown>;
  /** Error codes of this addition read as another text (the cart's NOT_FOUND is an empty cart to the shopper). */
  keyByCode?: Record<string, Key>;
}

async function addToDraft(config: PortalConfig, { query, field, variables, keyByCode = {} }: DraftAddition): Promise<boolean> {
  try {
    // A guest draft made before signing in is merged into the user's first (docs/api.md quoteDraftClaim).
    const storedKey = readDraftKey();
    if ((await storefrontToken(config)) !== null && storedKey) {
      // The key is forgotten only once the claim is done: a refused one (an ended session) keeps the guest's lines.
      const claimed = await storefrontGraphQL<{ quoteDraftClaim: unknown }>(config, CLAIM, { draftKey: storedKey });
      if (claimed.data?.quoteDraftClaim) writeDraftKey(null);
    }
    const body = await storefrontGraphQL<Record<DraftAddition['field'], { message: string; draft: { draftKey: string | null } }>>(config, query, {
      // A signed-in caller's key is ignored by the server; it counts when their session has ended (a guest retry).
      draftKey: readDraftKey(),
      channelId: config.channelId,
      ...variables,
    });
    const error = body.errors?.[0];
    const answer = body.data?.[field];
    if (error || !answer) {
      const code = error?.extensions?.code;
      const key = code ? (keyByCode[code] ?? KEY_BY_CODE[code]) : undefined;
      showStorefrontToast('error', key ? await t(key) : error?.message || (await t('quote.failed')));
      return false;
    }
    const { draft } = answer;
    // Only a guest's draft has a key (also a signed-in shopper's whose session has ended: see storefrontGraphQL).
    if (draft.draftKey) writeDraftKey(draft.draftKey);
    clearDraftCopy(); // the draft page's copy lacks this line: it loads afresh
    announceQuoteDraftChanged({ operation: field });
    // The server's message is the spec's English text (business §8): the shopper reads it in their language.
    showStorefrontToast('success', await t('quote.added'));
    return true;
  } catch {
    showStorefrontToast('error', await t('quote.failed'));
    return false;
  }
}

/** "Add to Quote": the product form's product, options and quantity (source PRODUCT_PAGE). */
export async function addProductToQuote(config: PortalConfig, form: HTMLFormElement): Promise<boolean> {
  returnFocusWhenEnabled(quoteButton(form.ownerDocument, 'product'));
  const line = readProductForm(form);
  if (!line) {
    showStorefrontToast('error', await t('quote.noSku'));
    return false;
  }
  return addToDraft(config, { query: ADD_LINES, field: 'quoteDraftAddLines', variables: { source: 'PRODUCT_PAGE', lines: [line] } });
}

/**
 * "Add All to Quote": the cart named by `.cart-actions[data-cart-id]` — the cart the storefront shows this shopper —
 * goes into the draft whole, every line with its variant, options and quantity as the server holds them (the cart
 * page's quote switch applies). No cart at all is "No products in Cart." without asking; the server answers an
 * empty cart, lines without SKU (business §5) and a cart that is not the caller's (NOT_FOUND) with the spec's
 * texts.
 */
export async function addCartToQuote(config: PortalConfig, cartId: string | null): Promise<boolean> {
  returnFocusWhenEnabled(quoteButton(document, 'cart'));
  if (!cartId) {
    showStorefrontToast('error', await t('quote.noCartProducts'));
    return false;
  }
  return addToDraft(config, { query: ADD_CART, field: 'quoteDraftAddCart', variables: { cartId }, keyByCode: { NOT_FOUND: 'quote.noCartProducts' } });
}
