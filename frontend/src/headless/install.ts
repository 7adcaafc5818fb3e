// `window.helixPortal` (issue 22; docs/headless.md): the small, versioned API the loader puts on the page for
// storefronts that draw their own buttons. This part is in the loader's script: the object, its events and page
// navigation. The calls that ask the server load on first use (./operations.ts), so a page that never calls them
// pays nothing for them.
import type { PortalConfig } from '../lib/config';
import { subscribeQuoteDraftChanges } from '../lib/quoteDraftEvents';
import { isPortalRoutePath } from '../lib/routePaths';
import { B2B_TOKEN_STORAGE_KEY, subscribeSessionValues } from '../lib/storage';
import { isPortalHash } from '../loader/hash';
import type { HeadlessOperations } from './operations';
import type { HelixPortal, HelixPortalEventName, HelixPortalEvents } from './types';

declare global {
  interface Window {
    /** The headless API (public/helix-portal.d.ts declares the same for storefronts). */
    readonly helixPortal?: HelixPortal;
  }
}

export const HEADLESS_GLOBAL = 'helixPortal';
/** Fired on `window` when the API is ready (detail: the API), for scripts that ran before the loader. */
export const HEADLESS_READY_EVENT = 'helix-portal-ready';

export interface HeadlessOptions {
  config: PortalConfig;
  win: Window;
  /** Imports ./operations.ts: the loader passes `() => import('./headless/operations')`, tests their own. */
  loadOperations(): Promise<{ headlessOperations(config: PortalConfig): HeadlessOperations }>;
}

export interface HeadlessApi {
  api: HelixPortal;
  /** The loader has started: `ready` resolves and the ready event fires. */
  markReady(): void;
}

// Every event of HelixPortalEvents, once (a name missing here, or one too many, does not compile).
const EVENTS = { 'signed-in': true, 'signed-out': true, 'quote-changed': true } as const satisfies Record<HelixPortalEventName, true>;

type Listener<E extends HelixPortalEventName> = (event: HelixPortalEvents[E]) => void;

/** The API object and its event wiring; installHeadlessApi puts it on the page. */
export function createHeadlessApi({ config, win, loadOperations }: HeadlessOptions): HeadlessApi {
  const listeners = new Map<HelixPortalEventName, Set<Listener<HelixPortalEventName>>>();
  let operations: Promise<HeadlessOperations> | null = null;
  let resolveReady: (api: HelixPortal) => void = () => undefined;
  const ready = new Promise<HelixPortal>((resolve) => (resolveReady = resolve));

  function emit<E extends HelixPortalEventName>(name: E, event: HelixPortalEvents[E]): void {
    for (const listener of [...(listeners.get(name) ?? [])]) {
      try {
        (listener as Listener<E>)(event);
      } catch (error) {
        // A storefront's handler that throws stops neither the other handlers nor the overlay.
        console.error(`[b2b-portal] a "${name}" listener failed`, error);
      }
    }
  }

  // The B2B token, whichever part of the overlay writes it: set is a sign-in, removed is the end of the session.
  subscribeSessionValues((key, value) => {
    if (key === B2B_TOKEN_STORAGE_KEY) emit(value === null ? 'signed-out' : 'signed-in', { type: value === null ? 'signed-out' : 'signed-in' });
  });
  subscribeQuoteDraftChanges(({ operation }) => emit('quote-changed', { type: 'quote-changed', operation }));

  /** The calls that ask the server, loaded once; a failed load (the network) is tried again on the next call. */
  function ops(): Promise<HeadlessOperations> {
    operations ??= loadOperations()
      .then((module) => module.headlessOperations(config))
      .catch((error: unknown) => {
        operations = null;
        throw error;
      });
    return operations;
  }

  const api: HelixPortal = {
    version: 1,
    ready,
    openPage(path) {
      if (typeof path !== 'string' || !isPortalHash(`#${path}`) || !isPortalRoutePath(path)) {
        throw new TypeError(`helixPortal.openPage: a portal path such as '/quoteDraft' is expected, not ${JSON.stringify(path)}`);
      }
      // The loader's controller follows the hash: it opens the portal (loading it on the first opening) on that page.
      win.location.hash = path;
    },
    closePage() {
      const oldURL = win.location.href;
      if (!isPortalHash(win.location.hash)) return;
      // As the portal's own Close: the hash goes without a reload, Back reopens the page where it was.
      win.history.pushState(win.history.state, '', win.location.pathname + win.location.search);
      win.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: win.location.href }));
    },
    getCurrentUser: () => ops().then((o) => o.getCurrentUser()),
    addProductsToQuote: (products) => ops().then((o) => o.addProductsToQuote(products)),
    addProductsToShoppingList: (shoppingListId, products) => ops().then((o) => o.addProductsToShoppingList(shoppingListId, products)),
    beginMasquerade: (companyId) => ops().then((o) => o.beginMasquerade(companyId)),
    endMasquerade: () => ops().then((o) => o.endMasquerade()),
    on(event, listener) {
      if (!Object.hasOwn(EVENTS, event)) {
        throw new TypeError(`helixPortal.on: unknown event ${JSON.stringify(event)}`);
      }
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const entry = listener as Listener<HelixPortalEventName>;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
  };

  return {
    api,
    markReady() {
      resolveReady(api);
      win.dispatchEvent(new CustomEvent(HEADLESS_READY_EVENT, { detail: api }));
    },
  };
}

/** Puts the API on `window.helixPortal` (once: a page that includes the loader twice keeps the first). */
export function installHeadlessApi(options: HeadlessOptions): HeadlessApi {
  const headless = createHeadlessApi(options);
  const slot = options.win as unknown as Record<string, unknown>;
  if (!slot[HEADLESS_GLOBAL]) {
    Object.defineProperty(slot, HEADLESS_GLOBAL, { value: Object.freeze(headless.api), configurable: true, enumerable: false, writable: false });
  }
  return headless;
}
