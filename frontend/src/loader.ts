// The script every storefront page loads (ARCHITECTURE §6). Plain TypeScript: no React, no MUI — the portal
// itself is a separate chunk imported only when a portal route opens.
import type { PortalModule } from './lib/config';
import { B2B_TOKEN_STORAGE_KEY, readSessionValue } from './lib/storage';
import { applyPurchaseRule } from './lib/storefrontPage';
import { setStorefrontToken } from './lib/storefrontTokenHeader';
import { readLoaderConfig } from './loader/config';
import { installHeadlessApi } from './headless/install';
import { createOverlayController } from './loader/controller';
import { installLinkHandling, removeStorefrontLinks } from './loader/links';
import { reloadWhenSignInChanged } from './loader/signInState';
import { createLoadingMask } from './loader/mask';
import { showPendingTip } from './loader/pendingTip';
import { localizeServerTexts } from './loader/serverTexts';
import { installQuoteButtons } from './storefront/quoteButtons';
import { installShoppingListButton } from './storefront/shoppingListButton';
import { loadStorefrontTexts, storefrontText, type StorefrontTexts } from './storefront/texts';

const LOADED_FLAG = '__helixB2BPortalLoader';

function startLoader(): void {
  const flags = window as unknown as Record<string, unknown>;
  // A page that includes the loader twice still gets one portal.
  if (flags[LOADED_FLAG]) return;
  flags[LOADED_FLAG] = true;

  const config = readLoaderConfig(document, import.meta.url);
  // Issue 22: every API request of the overlay names the page's storefront token, when its script tag has one.
  setStorefrontToken(config);
  // The active language's storefront texts: one small chunk, fetched at once (the buttons wait for it too).
  let texts: StorefrontTexts | null = null;
  const textsLoaded = loadStorefrontTexts().then((loaded) => (texts = loaded));
  // The mask shows at once, before the texts may have come: its name (read by screen readers only) follows them.
  const mask = createLoadingMask(document, () => (texts ? storefrontText(texts, 'mask.loading') : 'Loading'));
  void textsLoaded.then(() => mask.relabel());
  const controller = createOverlayController({
    config,
    window,
    mask,
    loadPortal: (): Promise<PortalModule> => import('./main'),
    onClosedByRequest: () => reloadWhenSignInChanged(document, window),
  });
  // Issue 22: window.helixPortal, for storefronts that draw their own buttons (docs/headless.md).
  const headless = installHeadlessApi({ config, win: window, loadOperations: () => import('./headless/operations') });

  const start = () => {
    // shell §2/§6: what the portal changes on every storefront page, before anyone opens it.
    removeStorefrontLinks(document);
    applyPurchaseRule(document);
    // Without any catalog (the network failed twice) the tip waits for a later page rather than showing keys.
    void textsLoaded.then((loaded) => loaded && localizeServerTexts(document, loaded));
    void textsLoaded.then(
      (loaded) => loaded && showPendingTip(document, location.pathname, (tip) => storefrontText(loaded, tip === 'pricing' ? 'pending.pricing' : 'pending.order')),
    );
    installLinkHandling(document, window, () => readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null);
    controller.start();
    installQuoteButtons({ doc: document, win: window, config });
    installShoppingListButton({ doc: document, win: window, config });
    headless.markReady();
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

startLoader();
