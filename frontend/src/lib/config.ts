// What the storefront page tells the portal through the loader's <script data-…> attributes.
export interface PortalConfig {
  /** Origin of the B2B service; GraphQL lives at `${apiOrigin}/graphql`. */
  apiOrigin: string;
  /** The storefront channel the page belongs to. */
  channelId: number;
  storeHash: string;
  /** The client id the portal names when it asks the storefront for the customer JWT (shell §7 current.jwt). */
  appClientId: string;
  /**
   * Issue 22: the storefront token the page's script tag names (`data-storefront-token`), sent with every API
   * request as X-Storefront-Token (lib/storefrontTokenHeader.ts); absent on pages without one (the built-in shop).
   */
  storefrontToken?: string;
}

/** shell §9: default channel id 1. */
export const DEFAULT_CHANNEL_ID = 1;

/** The storefront's client id for this portal when the script tag names none (ARCHITECTURE §8). */
export const DEFAULT_APP_CLIENT_ID = 'helix-buyer-portal';

/** What the portal chunk offers the loader (the contract of the lazily imported `main.tsx`). */
export interface PortalMountOptions {
  /** Called once when start-up ends; `enabled` is false when the store is not B2B-enabled (shell §1). */
  onStartupEnd(enabled: boolean): void;
  /** The portal asks to be closed (Close button, blank landing route). */
  onCloseRequest(): void;
}

export interface PortalInstance {
  unmount(): void;
}

export interface PortalModule {
  mountPortal(config: PortalConfig, options: PortalMountOptions): PortalInstance;
}
