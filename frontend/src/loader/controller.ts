import type { PortalConfig, PortalInstance, PortalModule } from '../lib/config';
import { isPortalHash } from './hash';
import type { LoadingMask } from './mask';

export type OverlayPhase = 'closed' | 'starting' | 'open';

export interface OverlayControllerOptions {
  config: PortalConfig;
  window: Window;
  mask: LoadingMask;
  /** Imports the portal chunk (React, MUI, router); called at most once while it succeeds. */
  loadPortal(): Promise<PortalModule>;
  /** Called after the portal closed at its own request (its Close button), the page given back. */
  onClosedByRequest?(): void;
}

export interface OverlayController {
  /** Starts watching the URL and applies the current one. */
  start(): void;
  stop(): void;
  /** Opens or closes the portal to match the current URL hash. */
  sync(): void;
  readonly phase: OverlayPhase;
}

/**
 * Watches the URL hash: a portal route shows the mask, loads the portal chunk once and mounts it; the mask goes
 * when start-up ends. The empty hash, `#` or `#/` unmounts it and gives the page back.
 */
export function createOverlayController({ config, window: win, mask, loadPortal, onClosedByRequest }: OverlayControllerOptions): OverlayController {
  let phase: OverlayPhase = 'closed';
  let portal: Promise<PortalModule> | null = null;
  let instance: PortalInstance | null = null;
  // Each opening gets a number; callbacks from an opening that was closed in the meantime are ignored.
  let opening = 0;

  function requestClose(): void {
    // Drop the hash without reloading the page; Back reopens the portal where it was.
    if (win.location.href.includes('#')) {
      win.history.pushState(win.history.state, '', win.location.pathname + win.location.search);
    }
    // Deferred: the request may come from inside a React render or effect of the tree being unmounted.
    win.setTimeout(() => {
      sync();
      if (phase === 'closed') onClosedByRequest?.();
    }, 0);
  }

  function open(): void {
    if (phase !== 'closed') return;
    phase = 'starting';
    const current = ++opening;
    mask.show();
    portal ??= loadPortal();
    portal
      .then((module) => {
        if (current !== opening) return;
        instance = module.mountPortal(config, {
          onStartupEnd: () => {
            if (current !== opening) return;
            phase = 'open';
            mask.hide();
          },
          onCloseRequest: requestClose,
        });
      })
      .catch((error: unknown) => {
        if (current !== opening) return;
        // A failed chunk load (network, deploy in progress) is retried on the next opening; the storefront page
        // stays usable either way.
        portal = null;
        phase = 'closed';
        mask.hide();
        instance?.unmount();
        instance = null;
        console.error('[b2b-portal] could not open the portal', error);
      });
  }

  function close(): void {
    if (phase === 'closed') return;
    opening++;
    phase = 'closed';
    mask.hide();
    instance?.unmount();
    instance = null;
  }

  function sync(): void {
    if (isPortalHash(win.location.hash)) open();
    else close();
  }

  return {
    start() {
      win.addEventListener('hashchange', sync);
      win.addEventListener('popstate', sync);
      sync();
    },
    stop() {
      win.removeEventListener('hashchange', sync);
      win.removeEventListener('popstate', sync);
      close();
    },
    sync,
    get phase() {
      return phase;
    },
  };
}
