// What a click on a storefront quote button does (issue 6). Imported by ./quoteButtons on the first click, so
// none of it is in the loader's script.
import type { PortalConfig } from '../lib/config';
import { translate, type MessageKey } from '../lib/i18n/catalog';
import { browserLanguages, resolveLanguage } from '../lib/i18n/languages';
import { clearDraftCopy } from '../lib/quoteDraftCopy';
import { readDraftKey, writeDraftKey } from '../lib/quoteDraftKey';
import { B2B_TOKEN_STORAGE_KEY, readSessionValue } from '../lib/storage';
import { storefrontQuoteMessages } from './messages';
import { storefrontGraphQL } from './quoteState';

type Key = MessageKey<typeof storefrontQuoteMessages>;

const TOAST_ID = 'helix-quote-toast';
const TOAST_MS = 5000;
const MAX_QUANTITY = 1_000_000;

const t = (key: Key) => translate(storefrontQuoteMessages, resolveLanguage({ browserLanguages: browserLanguages() }), key);

const KEY_BY_CODE: Record<string, Key> = {
  NO_SKU: 'storefrontQuote.noSku',
  NO_PRODUCTS: 'storefrontQuote.noProducts',
  NO_CART_PRODUCTS: 'storefrontQuote.noCartProducts',
  QUOTE_QUANTITY_OUT_OF_RANGE: 'storefrontQuote.quantity',
  PRICE_ERROR: 'storefrontQuote.priceError',
};

/** A toast on the storefront page itself (the portal is closed): success or error, gone after 5 s. */
export function showStorefrontToast(kind: 'success' | 'error', message: string, doc: Document = document): void {
  doc.getElementById(TOAST_ID)?.remove();
  const toast = doc.createElement('div');
  toast.id = TOAST_ID;
  toast.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  toast.dataset.kind = kind;
  toast.style.cssText = [
    'position: fixed', 'top: 16px', 'left: 50%', 'transform: translateX(-50%)', 'z-index: 2147483001', 'max-width: 90vw',
    `background: ${kind === 'error' ? '#d32f2f' : '#2e7d32'}`, 'color: #fff', 'padding: 12px 20px', 'border-radius: 4px',
    'font: 500 15px/1.4 system-ui, sans-serif', 'box-shadow: 0 3px 10px rgba(0,0,0,.3)',
  ].join('; ');
  toast.textContent = message;
  doc.body.appendChild(toast);
  setTimeout(() => toast.remove(), TOAST_MS);
}

interface LineInput {
  productId?: number;
  sku?: string;
  quantity: number;
  options?: { optionId: number; value: string }[];
}

/** business §5: an integer from 1 to 1,000,000; empty is 1, larger values are clamped. */
function quantityOf(value: FormDataEntryValue | null): number {
  const number = Math.floor(Number(typeof value === 'string' ? value.trim() : ''));
  if (!Number.isFinite(number) || number < 1) return 1;
  return Math.min(number, MAX_QUANTITY);
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
    quantity: quantityOf(data.get('qty')),
    options: [...values].map(([optionId, value]) => ({ optionId, value })),
  };
}

const ADD_LINES = `mutation QuoteDraftAddLines($draftKey: String, $source: QuoteSource!, $cartId: String, $channelId: Int!, $lines: [QuoteDraftLineInput!]!) {
  quoteDraftAddLines(draftKey: $draftKey, source: $source, cartId: $cartId, channelId: $channelId, lines: $lines) { message draft { draftKey } }
}`;
const CLAIM = `mutation QuoteDraftClaim($draftKey: String!) { quoteDraftClaim(draftKey: $draftKey) { message } }`;
const CART = `query StorefrontCart($entityId: String!) {
  cart(entityId: $entityId) { lineItems { physicalItems { sku quantity } } }
}`;

const signedIn = () => readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null;

async function addLines(config: PortalConfig, source: 'PRODUCT_PAGE' | 'CART_PAGE', lines: LineInput[], cartId: string | null): Promise<boolean> {
  try {
    // A guest draft made before signing in is merged into the user's first (docs/api.md quoteDraftClaim).
    const storedKey = readDraftKey();
    if (signedIn() && storedKey) {
      // The key is forgotten only once the claim is done: a refused one (an ended session) keeps the guest's lines.
      const claimed = await storefrontGraphQL<{ quoteDraftClaim: unknown }>(config, CLAIM, { draftKey: storedKey });
      if (claimed.data?.quoteDraftClaim) writeDraftKey(null);
    }
    const body = await storefrontGraphQL<{ quoteDraftAddLines: { message: string; draft: { draftKey: string | null } } }>(config, ADD_LINES, {
      // A signed-in caller's key is ignored by the server; it counts when their session has ended (a guest retry).
      draftKey: readDraftKey(),
      source,
      cartId,
      channelId: config.channelId,
      lines,
    });
    const error = body.errors?.[0];
    if (error || !body.data) {
      const key = error?.extensions?.code ? KEY_BY_CODE[error.extensions.code] : undefined;
      showStorefrontToast('error', key ? t(key) : error?.message || t('storefrontQuote.failed'));
      return false;
    }
    const { message, draft } = body.data.quoteDraftAddLines;
    // Only a guest's draft has a key (also a signed-in shopper's whose session has ended: see storefrontGraphQL).
    if (draft.draftKey) writeDraftKey(draft.draftKey);
    clearDraftCopy(); // the draft page's copy lacks this line: it loads afresh
    showStorefrontToast('success', message || t('storefrontQuote.added'));
    return true;
  } catch {
    showStorefrontToast('error', t('storefrontQuote.failed'));
    return false;
  }
}

/** "Add to Quote": the product form's product, options and quantity (source PRODUCT_PAGE). */
export async function addProductToQuote(config: PortalConfig, form: HTMLFormElement): Promise<boolean> {
  const line = readProductForm(form);
  if (!line) {
    showStorefrontToast('error', t('storefrontQuote.noSku'));
    return false;
  }
  return addLines(config, 'PRODUCT_PAGE', [line], null);
}

/** "Add All to Quote": every line of the cart named by `.cart-actions[data-cart-id]`, by SKU (source CART_PAGE). */
export async function addCartToQuote(config: PortalConfig, cartId: string | null): Promise<boolean> {
  let items: { sku: string; quantity: number }[] = [];
  if (cartId) {
    try {
      const body = await storefrontGraphQL<{ cart: { lineItems: { physicalItems: { sku: string; quantity: number }[] } } | null }>(config, CART, { entityId: cartId });
      items = body.data?.cart?.lineItems.physicalItems ?? [];
    } catch {
      showStorefrontToast('error', t('storefrontQuote.failed'));
      return false;
    }
  }
  if (items.length === 0) {
    showStorefrontToast('error', t('storefrontQuote.noCartProducts'));
    return false;
  }
  // business §5: a cart product without SKU cannot be added.
  if (items.some((item) => !item.sku)) {
    showStorefrontToast('error', t('storefrontQuote.noSku'));
    return false;
  }
  return addLines(config, 'CART_PAGE', items.map((item) => ({ sku: item.sku, quantity: Math.min(item.quantity, MAX_QUANTITY) })), cartId);
}
