import createCache from '@emotion/cache';
import { render } from '@testing-library/react';
import { beforeAll, vi } from 'vitest';

import { PortalApp } from '../app/PortalApp';
import { createPortalClient } from '../app/portalClient';
import { createMemoryPortalRouter } from '../app/portalRouter';
import { createPortalQueryClient } from '../app/queryClient';
import { loadAllPages } from '../app/routes';
import { createPortalTheme } from '../app/theme';
import type { PortalConfig } from '../lib/config';
import { createTranslationStore } from '../lib/i18n/translations';

export const TEST_CONFIG: PortalConfig = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

// One emotion cache for all renders of a test file. A fresh cache per render inserted every rule again as a new
// <style> tag in <head> (which the test set-up does not empty): hundreds per test, piling up over a file, and
// jsdom's getComputedStyle (MUI's TextareaAutosize, user-event's pointer-events check, Testing Library's
// visibility checks) walks every rule in the document, so a file's last tests ran many times slower than its
// first. Shared, each distinct style is inserted once. `speedy` inserts rules with insertRule into one sheet, as
// production builds do, instead of a <style> element per rule that jsdom parses on its own.
const emotionCache = createCache({ key: 'test', speedy: true });

// Every test file that renders the portal loads the pages' chunks before its first test: a page then appears as soon
// as its data does, however slow the machine is at importing modules (no test races a lazy import; issue 14).
beforeAll(() => loadAllPages(), 120_000);

/** The real portal (providers, start-up, routes) on a memory router instead of the URL hash. */
export function renderPortal(initialPath: string, config: PortalConfig = TEST_CONFIG) {
  const router = createMemoryPortalRouter(initialPath);
  const queryClient = createPortalQueryClient();
  const client = createPortalClient({
    apiOrigin: config.apiOrigin,
    queryClient,
    navigate: (to) => router.navigate(to),
    language: () => 'en',
  });
  const translations = createTranslationStore({ apiOrigin: config.apiOrigin });
  const onStartupEnd = vi.fn();
  const requestClose = vi.fn();
  const view = render(
    <PortalApp
      config={config}
      router={router}
      queryClient={queryClient}
      client={client}
      translations={translations}
      theme={createPortalTheme({ popupContainer: null })}
      emotionCache={emotionCache}
      controls={{ requestClose }}
      onStartupEnd={onStartupEnd}
    />,
  );
  const location = () => `${router.location().pathname}${router.location().search}`;
  return { ...view, router, queryClient, onStartupEnd, requestClose, location };
}
