// "Add to Quote" (product page), "Add All to Quote" (cart page) and the floating "Finish quote" button (issue 6,
// business §9 defaults). Loaded with the loader: it only draws the buttons; the work behind a click lives in
// ./quoteActions, imported when a button is clicked.
import { hexColorOr, textColorOn } from '../lib/color';
import type { PortalConfig } from '../lib/config';
import { isPortalHash } from '../loader/hash';
import { readQuoteState, type PlacementConfig, type StorefrontQuoteState } from './quoteState';
import { buttonText, loadStorefrontTexts, type ButtonTextKey, type StorefrontTexts } from './texts';

export const QUOTE_BUTTON_ATTRIBUTE = 'data-helix-quote-button';
const FLOATING_ID = 'helix-quote-floating-button';
const DEFAULT_COLOR = '#E00F36';
const DEFAULT_CUSTOM_CSS = 'margin-top: 0.5rem;'; // business §9
/** px: how far an injected button stands at least from the one before it, and the floating button from the page's end. */
const MIN_GAP = 8;

interface Placement {
  locationSelector: string;
  classSelector: string;
  customCss: string;
  /** `#rrggbb`, or '' for none (the storefront's class styles the button); a colour we cannot read counts as none. */
  color: string;
  /** The configured text (the merchant's own, or the default the config entry carries): see buttonText. */
  buttonText: unknown;
}

function text(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.trim() !== '' ? value : fallback;
}

/** A placement's extra fields over business §9's defaults. */
export function placementOf(entry: PlacementConfig | undefined, defaults: { locationSelector: string }): Placement {
  const fields = entry?.extraFields ?? {};
  return {
    locationSelector: text(fields.locationSelector, defaults.locationSelector),
    classSelector: text(fields.classSelector, 'button'),
    customCss: text(fields.customCss, DEFAULT_CUSTOM_CSS),
    color: hexColorOr(fields.color, ''),
    buttonText: fields.buttonText,
  };
}

function makeButton(doc: Document, placement: Placement, kind: string, label: string): HTMLButtonElement {
  const button = doc.createElement('button');
  button.type = 'button';
  button.setAttribute(QUOTE_BUTTON_ATTRIBUTE, kind);
  button.className = placement.classSelector.replace(/\./g, ' ').trim();
  button.textContent = label;
  button.style.cssText = placement.customCss;
  if (placement.color) {
    button.style.backgroundColor = placement.color;
    button.style.borderColor = placement.color;
    button.style.color = textColorOn(placement.color); // business §9: black or white, threshold 4.5
  }
  return button;
}

/** A length in px from a computed style (`10px`), or null for `normal` and the like. */
function pixels(value: string | undefined): number | null {
  const match = /^(-?[\d.]+)px\b/.exec(value?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Spaces a button just appended to `location` from the button before it (issue 15). business §9's default
 * margin-top stacks it under 'Add to Cart' in a block layout. In a flex row or a grid the container's gap spaces its
 * buttons and that margin would only push this one below its neighbour's line: there the margin is dropped, and a
 * gap under MIN_GAP is made up on the side facing the button before it. A merchant's own customCss stays as written.
 */
function spaceFromPreviousButton(button: HTMLElement, location: Element, win: Window, customCss: string): void {
  const style = win.getComputedStyle(location);
  const inRow = (style.display.includes('flex') && !style.flexDirection.startsWith('column')) || style.display.includes('grid');
  if (!inRow || customCss !== DEFAULT_CUSTOM_CSS) return;
  button.style.marginTop = '0';
  // The gap shorthand's column part: computed styles give columnGap in browsers, only `gap` in some DOMs.
  const gap = pixels(style.columnGap) ?? pixels(style.gap?.split(' ').pop()) ?? 0;
  if (button.previousElementSibling && gap < MIN_GAP) button.style.marginInlineStart = `${MIN_GAP - gap}px`;
}

// While the floating button shows at the bottom, the page keeps room below its content for it, so that it covers
// nothing there (the footer's last line on a phone); the page's own padding stays when it is already enough. The
// map remembers the body's own inline padding, given back when the button goes.
const ownBottomPadding = new WeakMap<HTMLElement, string>();

function reserveRoomBelow(body: HTMLElement, win: Window, room: number): void {
  if (!ownBottomPadding.has(body)) ownBottomPadding.set(body, body.style.paddingBottom);
  body.style.paddingBottom = ownBottomPadding.get(body)!;
  const own = pixels(win.getComputedStyle(body).paddingBottom) ?? 0;
  body.style.paddingBottom = `${Math.max(own, Math.ceil(room))}px`;
}

function releaseRoomBelow(body: HTMLElement): void {
  if (!ownBottomPadding.has(body)) return;
  body.style.paddingBottom = ownBottomPadding.get(body)!;
  ownBottomPadding.delete(body);
}

export interface QuoteButtonsOptions {
  doc: Document;
  win: Window;
  config: PortalConfig;
  /** Where a click goes: imported on the first click only. */
  loadActions?: () => Promise<typeof import('./quoteActions')>;
  /** The active language's texts (./texts). */
  loadTexts?: () => Promise<StorefrontTexts | null>;
}

export interface QuoteButtons {
  /** Asks the server again and draws the buttons anew. */
  refresh(): Promise<void>;
  /** Settles when the first drawing is done (the quote state and the texts have both arrived). */
  readonly ready: Promise<void>;
}

function productIdOn(doc: Document): number | null {
  const input = doc.querySelector<HTMLInputElement>('form input[name="product_id"]');
  const id = input ? Number(input.value) : NaN;
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Draws the quote buttons this page and user get; refreshes the floating button when the portal closes. Nothing is
 * drawn before the active language's texts are there (fetched beside the quote state), so a button never shows
 * English first and then changes.
 */
export function installQuoteButtons({
  doc,
  win,
  config,
  loadActions = () => import('./quoteActions'),
  loadTexts = () => loadStorefrontTexts(),
}: QuoteButtonsOptions): QuoteButtons {
  const productId = productIdOn(doc);
  const textsLoaded = loadTexts();
  let state: StorefrontQuoteState | null = null;
  let texts: StorefrontTexts | null = null;
  const label = (configured: unknown, key: ButtonTextKey) => buttonText(configured, key, texts);

  const drawFloating = () => {
    doc.getElementById(FLOATING_ID)?.remove();
    releaseRoomBelow(doc.body);
    if (!state?.enabled || !state.floatingButton || state.draftLineCount === 0 || isPortalHash(win.location.hash)) return;
    const fields = state.configs.quote_floating_action_button?.extraFields ?? {};
    const color = hexColorOr(fields.color, DEFAULT_COLOR);
    const button = doc.createElement('button');
    button.type = 'button';
    button.id = FLOATING_ID;
    button.setAttribute(QUOTE_BUTTON_ATTRIBUTE, 'floating');
    button.textContent = label(fields.buttonText, 'button.finishQuote');
    const left = text(fields.location, 'bottomRight').toLowerCase().includes('left');
    const top = text(fields.location, 'bottomRight').toLowerCase().startsWith('top');
    const verticalPadding = text(fields.verticalPadding, '24').replace(/^(\d+)$/, '$1px');
    button.style.cssText = [
      'position: fixed', 'z-index: 2147483000', `${top ? 'top' : 'bottom'}: ${verticalPadding}`,
      `${left ? 'left' : 'right'}: ${text(fields.horizontalPadding, '24').replace(/^(\d+)$/, '$1px')}`,
      `background: ${color}`, `color: ${textColorOn(color)}`, 'border: 0', 'border-radius: 24px', 'padding: 12px 22px',
      'font: 600 15px/1.2 system-ui, sans-serif', 'box-shadow: 0 3px 10px rgba(0,0,0,.3)', 'cursor: pointer',
    ].join('; ');
    button.addEventListener('click', () => {
      win.location.hash = '#/quoteDraft';
    });
    doc.body.appendChild(button);
    if (!top) reserveRoomBelow(doc.body, win, button.getBoundingClientRect().height + (pixels(verticalPadding) ?? 0) + MIN_GAP);
  };

  const onAdded = () => {
    if (state) state.draftLineCount = Math.max(state.draftLineCount, 1);
    drawFloating();
  };

  const drawPageButtons = () => {
    doc.querySelectorAll(`[${QUOTE_BUTTON_ATTRIBUTE}="product"], [${QUOTE_BUTTON_ATTRIBUTE}="cart"]`).forEach((node) => node.remove());
    if (!state?.enabled) return;
    if (state.onProductPage && productId !== null && state.productQuotable !== false) {
      const placement = placementOf(state.configs.quote_on_product_page, { locationSelector: '.add-to-cart-buttons' });
      const location = doc.querySelector(placement.locationSelector);
      const form = location?.closest('form') ?? doc.querySelector<HTMLFormElement>('form input[name="product_id"]')?.form ?? null;
      if (location && form) {
        const button = makeButton(doc, placement, 'product', label(placement.buttonText, 'button.addToQuote'));
        button.addEventListener('click', () => {
          button.disabled = true;
          void loadActions()
            .then((actions) => actions.addProductToQuote(config, form))
            .then((added) => added && onAdded())
            .finally(() => (button.disabled = false));
        });
        location.appendChild(button);
        spaceFromPreviousButton(button, location, win, placement.customCss);
      }
    }
    if (state.onCartPage) {
      const placement = placementOf(state.configs.quote_on_cart_page, { locationSelector: '.cart-actions' });
      const location = doc.querySelector(placement.locationSelector);
      if (location) {
        const cartId = doc.querySelector('.cart-actions')?.getAttribute('data-cart-id') || null;
        const button = makeButton(doc, placement, 'cart', label(placement.buttonText, 'button.addAllToQuote'));
        button.addEventListener('click', () => {
          button.disabled = true;
          void loadActions()
            .then((actions) => actions.addCartToQuote(config, cartId))
            .then((added) => added && onAdded())
            .finally(() => (button.disabled = false));
        });
        location.appendChild(button);
        spaceFromPreviousButton(button, location, win, placement.customCss);
      }
    }
  };

  const refresh = async () => {
    const [nextState, loadedTexts] = await Promise.all([readQuoteState(config, productId), textsLoaded]);
    state = nextState;
    texts = loadedTexts;
    drawPageButtons();
    drawFloating();
  };

  let wasOpen = isPortalHash(win.location.hash);
  win.addEventListener('hashchange', () => {
    const open = isPortalHash(win.location.hash);
    // Closing the portal may follow a sign-in, a submission or edits: ask again.
    if (wasOpen && !open) void refresh();
    else drawFloating();
    wasOpen = open;
  });
  return { refresh, ready: refresh() };
}
