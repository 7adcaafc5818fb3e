import { createContext, useContext, type ReactNode } from 'react';

export interface PortalControls {
  /** Close the portal and give the storefront page back (the loader clears the hash). */
  requestClose(): void;
}

const PortalControlsContext = createContext<PortalControls>({ requestClose: () => undefined });

export function PortalControlsProvider({ controls, children }: { controls: PortalControls; children: ReactNode }) {
  return <PortalControlsContext.Provider value={controls}>{children}</PortalControlsContext.Provider>;
}

export function usePortalControls(): PortalControls {
  return useContext(PortalControlsContext);
}
