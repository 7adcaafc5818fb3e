// "Add to Shopping List" on the product page (issue 18; shell §3-§4 shopping_list_on_product_page: placement,
// colour and text from its extra fields, business §9 defaults; shown per the guest / individual / B2B flags). Loaded
// with the loader: it only draws the button; a click opens the portal's /pdp page with the product and the options
// chosen on the page (./shoppingListActions, imported on the first click).
import { textColorOn } from '../lib/color';
import type { PortalConfig } from '../lib/config';
import { isPortalHash } from '../loader/hash';
import { QUOTE_BUTTON_ATTRIBUTE, placementOf } from './quoteButtons';
import { storefrontGraphQL, storefrontToken, type PlacementConfig } from './quoteState';
import { buttonText, loadStorefrontTexts, type StorefrontTexts } from './texts';

export const SHOPPING_LIST_BUTTON_ATTRIBUTE = 'data-helix-shopping-list-button';
export const SHOPPING_LIST_CONFIG_KEY = 'shopping_list_on_product_page';

type ConfigEntry = { key: string; value: string; extraFields: Record<string, unknown> | null };

// A signed-in shopper: the server says whether lists are on for their kind and whether they may add to one
// (shoppingListsEnabled.onProductPage); a guest: the entry's enableForGuest and the store's feature (shell §4).
const SIGNED_IN_STATE = `query StorefrontShoppingListState($channelId: Int!) {
  shoppingListsEnabled(channelId: $channelId) { onProductPage }
  storefrontConfigs(channelId: $channelId, keys: ["shopping_list_on_product_page"]) { key value extraFields }
}`;
const GUEST_STATE = `query StorefrontShoppingListGuestState($channelId: Int!) {
  storefrontConfig { shoppingLists }
  storefrontConfigs(channelId: $channelId, keys: ["shopping_list_on_product_page"]) { key value extraFields }
}`;

export interface ShoppingListButtonState {
  shown: boolean;
  placement: PlacementConfig | undefined;
}

function entryOf(entries: readonly ConfigEntry[] | undefined): PlacementConfig | undefined {
  const entry = entries?.find((candidate) => candidate.key === SHOPPING_LIST_CONFIG_KEY);
  return entry ? { on: entry.value === '1', extraFields: entry.extraFields ?? {} } : undefined;
}

/** Whether this shopper gets the button, and where it goes; null when the server could not be asked. */
export async function readShoppingListButtonState(config: PortalConfig): Promise<ShoppingListButtonState | null> {
  try {
    if ((await storefrontToken(config)) !== null) {
      const body = await storefrontGraphQL<{ shoppingListsEnabled: { onProductPage: boolean }; storefrontConfigs: ConfigEntry[] }>(
        config,
        SIGNED_IN_STATE,
        { channelId: config.channelId },
      );
      // An ended session answers as a guest (storefrontGraphQL), whom shoppingListsEnabled does not serve.
      if (body.data) return { shown: body.data.shoppingListsEnabled.onProductPage, placement: entryOf(body.data.storefrontConfigs) };
    }
    const body = await storefrontGraphQL<{ storefrontConfig: { shoppingLists: boolean }; storefrontConfigs: ConfigEntry[] }>(config, GUEST_STATE, {
      channelId: config.channelId,
    });
    if (!body.data) return null;
    const placement = entryOf(body.data.storefrontConfigs);
    const forGuests = String(placement?.extraFields.enableForGuest ?? '0') === '1';
    return { shown: body.data.storefrontConfig.shoppingLists && Boolean(placement?.on) && forGuests, placement };
  } catch {
    return null;
  }
}

/**
 * The button goes after the page's quote button, whichever of the two is drawn first: the quote button is drawn
 * anew (at the end) when the portal closes, so the order is put back whenever it changes.
 */
function keepAfterQuoteButton(button: HTMLElement, location: Element): () => void {
  const place = () => {
    const quote = location.querySelector(`[${QUOTE_BUTTON_ATTRIBUTE}="product"]`);
    if (quote && button.isConnected && quote.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_PRECEDING) quote.after(button);
  };
  place();
  const observer = new MutationObserver(place);
  observer.observe(location, { childList: true });
  return () => observer.disconnect();
}

export interface ShoppingListButtonOptions {
  doc: Document;
  win: Window;
  config: PortalConfig;
  /** Where a click goes: imported on the first click only. */
  loadActions?: () => Promise<typeof import('./shoppingListActions')>;
  /** The active language's texts (./texts). */
  loadTexts?: () => Promise<StorefrontTexts | null>;
  /** The shopper's state (tests give their own). */
  readState?: (config: PortalConfig) => Promise<ShoppingListButtonState | null>;
}

export interface ShoppingListButton {
  /** Asks the server again and draws the button anew. */
  refresh(): Promise<void>;
  /** Settles when the first drawing is done. */
  readonly ready: Promise<void>;
}

/** Draws "Add to Shopping List" on a product page for the shoppers who get it; nothing on other pages. */
export function installShoppingListButton({
  doc,
  win,
  config,
  loadActions = () => import('./shoppingListActions'),
  loadTexts = () => loadStorefrontTexts(),
  readState = readShoppingListButtonState,
}: ShoppingListButtonOptions): ShoppingListButton {
  const form = doc.querySelector<HTMLInputElement>('form input[name="product_id"]')?.form ?? null;
  const textsLoaded = loadTexts();
  let stopKeeping: (() => void) | null = null;

  const draw = (state: ShoppingListButtonState | null, texts: StorefrontTexts | null) => {
    stopKeeping?.();
    stopKeeping = null;
    doc.querySelectorAll(`[${SHOPPING_LIST_BUTTON_ATTRIBUTE}]`).forEach((node) => node.remove());
    if (!form || !state?.shown) return;
    const placement = placementOf(state.placement, { locationSelector: '.add-to-cart-buttons' });
    const location = doc.querySelector(placement.locationSelector) ?? form.querySelector('.add-to-cart-buttons');
    if (!location) return;
    const button = doc.createElement('button');
    button.type = 'button';
    button.setAttribute(SHOPPING_LIST_BUTTON_ATTRIBUTE, 'product');
    button.className = placement.classSelector.replace(/\./g, ' ').trim();
    button.textContent = buttonText(placement.buttonText, 'button.addToShoppingList', texts);
    button.style.cssText = placement.customCss;
    if (placement.color) {
      button.style.backgroundColor = placement.color;
      button.style.borderColor = placement.color;
      button.style.color = textColorOn(placement.color); // business §9: black or white, threshold 4.5
    }
    button.addEventListener('click', () => {
      void loadActions().then((actions) => actions.openAddToShoppingList(win, form));
    });
    location.appendChild(button);
    // In a flex row or a grid the container's gap spaces the buttons: the default top margin would only push this
    // one below its neighbours' line (as for the quote buttons).
    const style = win.getComputedStyle(location);
    const inRow = (style.display.includes('flex') && !style.flexDirection.startsWith('column')) || style.display.includes('grid');
    if (inRow && placement.customCss === 'margin-top: 0.5rem;') button.style.marginTop = '0';
    stopKeeping = keepAfterQuoteButton(button, location);
  };

  const refresh = async () => {
    if (!form) return;
    const [state, texts] = await Promise.all([readState(config), textsLoaded]);
    draw(state, texts);
  };

  let wasOpen = isPortalHash(win.location.hash);
  win.addEventListener('hashchange', () => {
    const open = isPortalHash(win.location.hash);
    // Closing the portal may follow a sign-in or a sign-out: ask again.
    if (wasOpen && !open) void refresh();
    wasOpen = open;
  });
  return { refresh, ready: refresh() };
}
