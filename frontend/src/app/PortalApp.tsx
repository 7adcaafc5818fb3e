import { CacheProvider, type EmotionCache } from '@emotion/react';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';

import { ToastViewport } from '../components/toast/ToastViewport';
import type { PortalConfig } from '../lib/config';
import type { GraphQLClient } from '../lib/graphql';
import type { TranslationStore } from '../lib/i18n/translations';
import { GraphQLClientProvider } from '../lib/GraphQLClientProvider';
import { PortalConfigProvider } from '../lib/PortalConfigProvider';
import { PortalControlsProvider, type PortalControls } from './PortalControls';
import { PortalRoutes, type PortalRouter } from './portalRouter';
import { PortalStyles } from './PortalStyles';
import { StartupGate, type StartupOutcome } from './startup/StartupGate';

export interface PortalAppProps {
  config: PortalConfig;
  router: PortalRouter;
  queryClient: QueryClient;
  client: GraphQLClient;
  translations: TranslationStore;
  theme: Theme;
  emotionCache: EmotionCache;
  controls: PortalControls;
  onStartupEnd(outcome: StartupOutcome): void;
}

/** The providers of the portal: styles scoped to the shadow root, server state, config, start-up, router. */
export function PortalApp({ config, router, queryClient, client, translations, theme, emotionCache, controls, onStartupEnd }: PortalAppProps) {
  return (
    <CacheProvider value={emotionCache}>
      <ThemeProvider theme={theme}>
        <PortalStyles />
        <QueryClientProvider client={queryClient}>
          <PortalConfigProvider config={config}>
            <GraphQLClientProvider client={client}>
              <PortalControlsProvider controls={controls}>
                <StartupGate onStartupEnd={onStartupEnd} translations={translations} initialLocation={router.initialLocation}>
                  {router.wrap(<PortalRoutes />)}
                  <ToastViewport />
                </StartupGate>
              </PortalControlsProvider>
            </GraphQLClientProvider>
          </PortalConfigProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </CacheProvider>
  );
}
