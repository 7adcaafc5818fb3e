// The script every storefront page loads (ARCHITECTURE §6). Plain TypeScript: no React, no MUI — the portal
// itself is a separate chunk imported only when a portal route opens.
import type { PortalModule } from './lib/config';
import { translate } from './lib/i18n/catalog';
import { browserLanguages, resolveLanguage } from './lib/i18n/languages';
import { B2B_TOKEN_STORAGE_KEY, readSessionValue } from './lib/storage';
import { applyPurchaseRule } from './lib/storefrontPage';
import { readLoaderConfig } from './loader/config';
import { createOverlayController } from './loader/controller';
import { installLinkHandling, removeStorefrontLinks } from './loader/links';
import { reloadWhenSignInChanged } from './loader/signInState';
import { createLoadingMask } from './loader/mask';
import { loaderMessages } from './loader/messages';
import { showPendingTip } from './loader/pendingTip';
import { installQuoteButtons } from './storefront/quoteButtons';

const LOADED_FLAG = '__helixB2BPortalLoader';

function startLoader(): void {
  const flags = window as unknown as Record<string, unknown>;
  // A page that includes the loader twice still gets one portal.
  if (flags[LOADED_FLAG]) return;
  flags[LOADED_FLAG] = true;

  const config = readLoaderConfig(document, import.meta.url);
  const language = () => resolveLanguage({ browserLanguages: browserLanguages() });
  const mask = createLoadingMask(document, () => translate(loaderMessages, language(), 'mask.loading'));
  const controller = createOverlayController({
    config,
    window,
    mask,
    loadPortal: (): Promise<PortalModule> => import('./main'),
    onClosedByRequest: () => reloadWhenSignInChanged(document, window),
  });

  const start = () => {
    // shell §2/§6: what the portal changes on every storefront page, before anyone opens it.
    removeStorefrontLinks(document);
    applyPurchaseRule(document);
    showPendingTip(document, location.pathname, (tip) => translate(loaderMessages, language(), tip === 'pricing' ? 'pending.pricing' : 'pending.order'));
    installLinkHandling(document, window, () => readSessionValue(B2B_TOKEN_STORAGE_KEY) !== null);
    controller.start();
    installQuoteButtons({ doc: document, win: window, config });
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start, { once: true });
}

startLoader();
