import type { PortalMountOptions, PortalModule } from '../lib/config';
import { createOverlayController } from './controller';
import { MASK_ID, createLoadingMask } from './mask';

const CONFIG = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

/** A portal module standing in for the real chunk: records mounts and lets the test end start-up. */
function fakePortal() {
  const mounts: { options: PortalMountOptions; unmount: ReturnType<typeof vi.fn> }[] = [];
  const module: PortalModule = {
    mountPortal: (_config, options) => {
      const unmount = vi.fn();
      mounts.push({ options, unmount });
      return { unmount };
    },
  };
  let resolveLoad: (value: PortalModule) => void = () => undefined;
  let rejectLoad: (reason: unknown) => void = () => undefined;
  const loadPortal = vi.fn(
    () =>
      new Promise<PortalModule>((resolve, reject) => {
        resolveLoad = resolve;
        rejectLoad = reject;
      }),
  );
  return { module, mounts, loadPortal, resolve: () => resolveLoad(module), reject: (error: unknown) => rejectLoad(error) };
}

function setup(onClosedByRequest?: () => void) {
  const portal = fakePortal();
  const controller = createOverlayController({
    config: CONFIG,
    window,
    mask: createLoadingMask(document, () => 'Loading'),
    loadPortal: portal.loadPortal,
    onClosedByRequest,
  });
  return { portal, controller };
}

const mask = () => document.getElementById(MASK_ID);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

async function goTo(hash: string) {
  window.location.hash = hash;
  await new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }));
}

describe('overlay controller (loader)', () => {
  it('does nothing on a plain storefront page', () => {
    const { portal, controller } = setup();
    controller.start();
    expect(controller.phase).toBe('closed');
    expect(mask()).toBeNull();
    expect(portal.loadPortal).not.toHaveBeenCalled();
    controller.stop();
  });

  it('on a portal route shows the mask, loads the chunk, mounts and removes the mask when start-up ends', async () => {
    window.history.replaceState(null, '', '/#/login');
    const { portal, controller } = setup();
    controller.start();

    expect(controller.phase).toBe('starting');
    expect(mask()).toHaveAttribute('role', 'progressbar');
    expect(mask()).toHaveAttribute('aria-label', 'Loading');

    portal.resolve();
    await flush();
    expect(portal.mounts).toHaveLength(1);
    expect(mask()).not.toBeNull();

    portal.mounts[0]!.options.onStartupEnd(true);
    expect(mask()).toBeNull();
    expect(controller.phase).toBe('open');
    controller.stop();
  });

  it('removes the mask when the store is not enabled, too', async () => {
    window.history.replaceState(null, '', '/#/login');
    const { portal, controller } = setup();
    controller.start();
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(false);
    expect(mask()).toBeNull();
    controller.stop();
  });

  it('closes on "#/" and on an empty hash, and reopens without loading the chunk again', async () => {
    const { portal, controller } = setup();
    controller.start();

    await goTo('#/accountSettings');
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(true);

    await goTo('#/');
    expect(controller.phase).toBe('closed');
    expect(portal.mounts[0]!.unmount).toHaveBeenCalledTimes(1);

    await goTo('#/login');
    await flush();
    expect(portal.mounts).toHaveLength(2);
    expect(portal.loadPortal).toHaveBeenCalledTimes(1);

    await goTo('');
    expect(portal.mounts[1]!.unmount).toHaveBeenCalledTimes(1);
    expect(controller.phase).toBe('closed');
    controller.stop();
  });

  it('stays on a route change inside the open portal', async () => {
    window.history.replaceState(null, '', '/#/login');
    const { portal, controller } = setup();
    controller.start();
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(true);

    await goTo('#/accountSettings');
    expect(portal.mounts).toHaveLength(1);
    expect(portal.mounts[0]!.unmount).not.toHaveBeenCalled();
    controller.stop();
  });

  it('never mounts when closed before the chunk arrives', async () => {
    const { portal, controller } = setup();
    controller.start();
    await goTo('#/login');
    await goTo('#/');
    expect(mask()).toBeNull();

    portal.resolve();
    await flush();
    expect(portal.mounts).toHaveLength(0);
    controller.stop();
  });

  it('a close request from the portal drops the hash and unmounts, then lets the page catch up', async () => {
    window.history.replaceState(null, '', '/catalog?page=2#/login');
    const closed = vi.fn();
    const { portal, controller } = setup(closed);
    controller.start();
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(true);

    portal.mounts[0]!.options.onCloseRequest();
    await flush();

    expect(window.location.href).toBe(`${window.location.origin}/catalog?page=2`);
    expect(portal.mounts[0]!.unmount).toHaveBeenCalledTimes(1);
    expect(controller.phase).toBe('closed');
    expect(closed).toHaveBeenCalledTimes(1);
    controller.stop();
  });

  it('tells the page’s scripts of the hash it dropped on a close request, as a hash change (pushState fires none)', async () => {
    window.history.replaceState(null, '', '/catalog#/quoteDraft');
    const { portal, controller } = setup();
    controller.start();
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(true);
    const heard = vi.fn();
    window.addEventListener('hashchange', heard);

    portal.mounts[0]!.options.onCloseRequest();
    await flush();
    window.removeEventListener('hashchange', heard);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(heard.mock.calls[0]![0]).toMatchObject({
      oldURL: `${window.location.origin}/catalog#/quoteDraft`,
      newURL: `${window.location.origin}/catalog`,
    });
    controller.stop();
  });

  it('hides the mask when the chunk fails to load and tries again on the next opening', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { portal, controller } = setup();
    controller.start();
    await goTo('#/login');
    portal.reject(new TypeError('Failed to fetch dynamically imported module'));
    await flush();

    expect(mask()).toBeNull();
    expect(controller.phase).toBe('closed');
    expect(error).toHaveBeenCalled();

    await goTo('#/accountSettings');
    expect(portal.loadPortal).toHaveBeenCalledTimes(2);
    controller.stop();
  });
});

describe('focus when the portal closes (issue 15)', () => {
  /** A storefront page with the link that opens the portal and the page's heading. */
  function storefront() {
    document.body.innerHTML = '<header><a id="sign-in" href="#/login">Sign in</a></header><main><h1>Ethanol</h1></main>';
    return { link: document.getElementById('sign-in')!, heading: document.querySelector('h1')! };
  }

  /** Opens the portal from whatever has focus, as a keyboard user activating a link does. */
  async function openFromFocus(hash = '#/login') {
    const { portal, controller } = setup();
    controller.start();
    await goTo(hash);
    portal.resolve();
    await flush();
    portal.mounts[0]!.options.onStartupEnd(true);
    return { portal, controller };
  }

  it('goes back to the link that opened the portal', async () => {
    const { link } = storefront();
    link.focus();
    const { controller } = await openFromFocus();
    link.blur(); // the page is inert while the portal is open: focus is in the portal

    await goTo('');
    expect(link).toHaveFocus();
    controller.stop();
  });

  it('waits on the page heading for an opener the page draws anew, and goes to it once it is back', async () => {
    const { heading } = storefront();
    const floating = document.createElement('button');
    floating.id = 'helix-quote-floating-button';
    document.body.append(floating);
    floating.focus();
    const { controller } = await openFromFocus('#/quoteDraft');
    floating.remove(); // the storefront hides it while the portal is open

    await goTo('');
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute('tabindex', '-1');

    const redrawn = document.createElement('button');
    redrawn.id = 'helix-quote-floating-button';
    document.body.append(redrawn);
    await flush();
    expect(redrawn).toHaveFocus();
    expect(heading).not.toHaveAttribute('tabindex'); // it was focusable for that once
    controller.stop();
  });

  it('stays where the shopper moved it before the opener is drawn again', async () => {
    const { link } = storefront();
    const floating = document.createElement('button');
    floating.id = 'helix-quote-floating-button';
    document.body.append(floating);
    floating.focus();
    const { controller } = await openFromFocus('#/quoteDraft');
    floating.remove();

    await goTo('');
    link.focus();
    const redrawn = document.createElement('button');
    redrawn.id = 'helix-quote-floating-button';
    document.body.append(redrawn);
    await flush();
    expect(link).toHaveFocus();
    controller.stop();
  });

  it('goes to the page heading when nothing opened the portal (it opened with the page), without scrolling', async () => {
    const { heading } = storefront();
    const focus = vi.spyOn(heading, 'focus');
    const { controller } = await openFromFocus();

    await goTo('');
    expect(heading).toHaveFocus();
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    controller.stop();
  });
});
