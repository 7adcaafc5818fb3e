import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';

import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { I18nProvider } from '../../lib/i18n/I18nProvider';
import type { Language } from '../../lib/i18n/languages';
import type { TranslationStore } from '../../lib/i18n/translations';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { runStartup } from './runStartup';

type StartupState = { phase: 'running' } | { phase: 'disabled' } | { phase: 'ready'; language: Language };

export interface StartupOutcome {
  enabled: boolean;
  /** The language the portal speaks; null when it renders nothing. */
  language: Language | null;
}

export interface StartupGateProps {
  /** Called once, when start-up has ended (the loader then removes the mask). */
  onStartupEnd(outcome: StartupOutcome): void;
  /** The store's own texts (shell §4 translations). */
  translations: TranslationStore;
  /** The route the portal opens on. */
  initialLocation: { pathname: string; search: string };
  children: ReactNode;
}

/**
 * Runs start-up, then renders the portal in the resolved language — or nothing at all when the store is not
 * B2B-enabled or start-up failed (shell §1: the mask is removed and nothing renders).
 */
export function StartupGate({ onStartupEnd, translations, initialLocation, children }: StartupGateProps) {
  const queryClient = useQueryClient();
  const client = useGraphQLClient();
  const config = usePortalConfig();
  const [state, setState] = useState<StartupState>({ phase: 'running' });
  const onStartupEndRef = useRef(onStartupEnd);
  onStartupEndRef.current = onStartupEnd;
  // Start-up runs once per opening: a later navigation does not start it again.
  const initialLocationRef = useRef(initialLocation);

  useEffect(() => {
    let active = true;
    runStartup({ queryClient, client, config, translations, initialLocation: initialLocationRef.current }).then(
      (result) => {
        if (!active) return;
        setState(result.enabled ? { phase: 'ready', language: result.language } : { phase: 'disabled' });
        onStartupEndRef.current({ enabled: result.enabled, language: result.enabled ? result.language : null });
      },
      (error: unknown) => {
        if (!active) return;
        console.error('[b2b-portal] start-up failed', error);
        setState({ phase: 'disabled' });
        onStartupEndRef.current({ enabled: false, language: null });
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient, client, config, translations]);

  if (state.phase !== 'ready') return null;
  return (
    <I18nProvider language={state.language} translations={translations}>
      {children}
    </I18nProvider>
  );
}
