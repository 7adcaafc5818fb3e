import { createContext, useContext, type ReactNode } from 'react';

import type { PortalConfig } from './config';

const PortalConfigContext = createContext<PortalConfig | null>(null);

export function PortalConfigProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalConfigContext.Provider value={config}>{children}</PortalConfigContext.Provider>;
}

export function usePortalConfig(): PortalConfig {
  const config = useContext(PortalConfigContext);
  if (!config) throw new Error('usePortalConfig must be used inside <PortalConfigProvider>');
  return config;
}
