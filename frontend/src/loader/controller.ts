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

/** The storefront element that has focus: the link or button whose activation opens the portal. */
function focusedElement(doc: Document): HTMLElement | null {
  const active = doc.activeElement;
  return active && active !== doc.body && 'focus' in active ? (active as HTMLElement) : null;
}

function focusIfPossible(element: Element | null, options?: FocusOptions): boolean {
  if (!(element && 'focus' in element) || !element.isConnected || element.closest('[inert]')) return false;
  (element as HTMLElement).focus(options);
  return element.ownerDocument.activeElement === element;
}

/**
 * Where focus goes back to when the portal closes (issue 15): the element that opened it. A storefront that drew that
 * element anew meanwhile (the floating quote button, redrawn once the portal closes) gets focus on the new one, by
 * its id, as soon as it is there — unless the shopper has moved focus first. Until then, and without any opener (the
 * portal opened with the page), focus waits on the page's heading, at the start of its content; the page does not
 * scroll.
 */
function returnFocus(doc: Document, opener: HTMLElement | null): void {
  if (opener && focusIfPossible(opener)) return;
  if (opener?.id && focusIfPossible(doc.getElementById(opener.id))) return;
  const heading = doc.querySelector<HTMLElement>('main h1') ?? doc.querySelector<HTMLElement>('h1');
  // Focusable for this once: it leaves the tab order with the focus.
  if (heading && !heading.hasAttribute('tabindex')) {
    heading.setAttribute('tabindex', '-1');
    heading.addEventListener('blur', () => heading.removeAttribute('tabindex'), { once: true });
  }
  focusIfPossible(heading, { preventScroll: true });
  if (opener?.id) focusWhenRedrawn(doc, opener.id, heading);
}

function focusWhenRedrawn(doc: Document, id: string, waitingOn: HTMLElement | null): void {
  const stillWaiting = () => doc.activeElement === null || doc.activeElement === doc.body || doc.activeElement === waitingOn;
  const observer = new MutationObserver(() => {
    if (!stillWaiting() || focusIfPossible(doc.getElementById(id))) stop();
  });
  const onFocusIn = () => stillWaiting() || stop();
  function stop() {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn);
  }
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', onFocusIn);
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
  // What had focus when the portal opened: focus goes back there when it closes.
  let opener: HTMLElement | null = null;

  function requestClose(): void {
    const oldURL = win.location.href;
    // Drop the hash without reloading the page; Back reopens the portal where it was.
    if (oldURL.includes('#')) {
      win.history.pushState(win.history.state, '', win.location.pathname + win.location.search);
    }
    // Deferred: the request may come from inside a React render or effect of the tree being unmounted.
    win.setTimeout(() => {
      sync();
      // pushState fires no hashchange: the page's scripts that follow the hash hear of this change as of any other
      // (the floating quote button, which opened the draft, is drawn again and takes focus back: returnFocus).
      if (win.location.href !== oldURL) win.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: win.location.href }));
      if (phase === 'closed') onClosedByRequest?.();
    }, 0);
  }

  function open(): void {
    if (phase !== 'closed') return;
    phase = 'starting';
    const current = ++opening;
    opener = focusedElement(win.document);
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
    returnFocus(win.document, opener);
    opener = null;
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
