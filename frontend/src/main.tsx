import { createRoot } from 'react-dom/client';

import { PortalApp } from './app/PortalApp';
import { createPortalClient } from './app/portalClient';
import { createPortalQueryClient } from './app/queryClient';
import { createHashPortalRouter } from './app/portalRouter';
import { preloadPage } from './app/routes';
import { makeStorefrontInert } from './app/focus/storefrontInert';
import { getIsolatedRoot } from './app/isolatedRoot';
import { createPortalTheme } from './app/theme';
import { clearToasts } from './components/toast/toastStore';
import type { PortalConfig, PortalInstance, PortalMountOptions } from './lib/config';
import { browserLanguages, resolveLanguage, type Language } from './lib/i18n/languages';
import { createTranslationStore, type TranslationStore } from './lib/i18n/translations';
import { subscribeIdentityChanges } from './lib/identityEvents';
import { lockBodyScroll } from './lib/scrollLock';
import { USER_QUERY_SCOPE } from './lib/session';
import { setStorefrontToken } from './lib/storefrontTokenHeader';

// The portal chunk, imported lazily by the loader when a portal route opens. Kept between openings: the query
// cache (store info, the user's data) and the isolated root survive a close, so reopening is instant.
const queryClient = createPortalQueryClient();
// A masquerade begun or ended through the headless API (issue 22): the user's data is loaded again.
subscribeIdentityChanges(() => void queryClient.invalidateQueries({ queryKey: [USER_QUERY_SCOPE] }));
const translationStores = new Map<string, TranslationStore>();

function translationStoreFor(apiOrigin: string): TranslationStore {
  let store = translationStores.get(apiOrigin);
  if (!store) {
    store = createTranslationStore({ apiOrigin });
    translationStores.set(apiOrigin, store);
  }
  return store;
}

function storefrontRootFontSize(): number {
  const size = Number.parseFloat(getComputedStyle(document.documentElement).fontSize);
  return Number.isFinite(size) && size > 0 ? size : 16;
}

export function mountPortal(config: PortalConfig, options: PortalMountOptions): PortalInstance {
  setStorefrontToken(config); // set by the loader already; the same config, for a portal mounted on its own
  const isolated = getIsolatedRoot(document);
  const theme = createPortalTheme({ popupContainer: isolated.popupContainer, htmlFontSize: storefrontRootFontSize() });
  const router = createHashPortalRouter();
  // The page's chunk downloads beside start-up's requests rather than after them.
  preloadPage(router.initialLocation.pathname);
  let language: Language = resolveLanguage({ browserLanguages: browserLanguages() });
  const client = createPortalClient({
    apiOrigin: config.apiOrigin,
    queryClient,
    navigate: (to) => router.navigate(to),
    language: () => language,
  });

  let releaseScroll: (() => void) | null = null;
  let releasePage: (() => void) | null = null;
  let mounted = true;
  const root = createRoot(isolated.appContainer);

  root.render(
    <PortalApp
      config={config}
      router={router}
      queryClient={queryClient}
      client={client}
      translations={translationStoreFor(config.apiOrigin)}
      theme={theme}
      emotionCache={isolated.emotionCache}
      controls={{ requestClose: options.onCloseRequest }}
      onStartupEnd={({ enabled, language: resolved }) => {
        if (!mounted) return;
        if (resolved) {
          language = resolved;
          isolated.setLanguage(resolved);
        }
        if (enabled) {
          isolated.show();
          releaseScroll = lockBodyScroll(document);
          // The portal is a modal dialog over the page: the page is out of reach until it closes (issue 15).
          releasePage = makeStorefrontInert(document, isolated.host);
        }
        options.onStartupEnd(enabled);
      }}
    />,
  );

  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      root.unmount();
      isolated.hide();
      releaseScroll?.();
      releasePage?.();
      clearToasts();
    },
  };
}
