// The script every storefront page loads (ARCHITECTURE §6). Plain TypeScript: no React, no MUI — the portal
// itself is a separate chunk imported only when a portal route opens.
import type { PortalModule } from './lib/config';
import { translate } from './lib/i18n/catalog';
import { browserLanguages, resolveLanguage } from './lib/i18n/languages';
import { readLoaderConfig } from './loader/config';
import { createOverlayController } from './loader/controller';
import { createLoadingMask } from './loader/mask';
import { loaderMessages } from './loader/messages';

const LOADED_FLAG = '__helixB2BPortalLoader';

function startLoader(): void {
  const flags = window as unknown as Record<string, unknown>;
  // A page that includes the loader twice still gets one portal.
  if (flags[LOADED_FLAG]) return;
  flags[LOADED_FLAG] = true;

  const config = readLoaderConfig(document, import.meta.url);
  const mask = createLoadingMask(document, () =>
    translate(loaderMessages, resolveLanguage({ browserLanguages: browserLanguages() }), 'mask.loading'),
  );
  const controller = createOverlayController({
    config,
    window,
    mask,
    loadPortal: (): Promise<PortalModule> => import('./main'),
  });

  if (document.body) controller.start();
  else document.addEventListener('DOMContentLoaded', () => controller.start(), { once: true });
}

startLoader();
