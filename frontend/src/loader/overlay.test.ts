import { waitFor, within } from '@testing-library/react';

import type { PortalModule } from '../lib/config';
import { mockGraphQL, storeInfo, storeInfoResult } from '../test/graphqlMock';
import { createOverlayController } from './controller';
import { MASK_ID, createLoadingMask } from './mask';

// The loader driving the real portal chunk (main.tsx) against a fake GraphQL server.

const CONFIG = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

let controller: ReturnType<typeof createOverlayController> | null = null;

afterEach(() => {
  controller?.stop();
  controller = null;
});


function startOverlay() {
  vi.resetModules(); // a fresh portal chunk (and query cache) per test
  controller = createOverlayController({
    config: CONFIG,
    window,
    mask: createLoadingMask(document, () => 'Loading'),
    loadPortal: (): Promise<PortalModule> => import('../main'),
  });
  controller.start();
  return controller;
}

const host = () => document.getElementById('b2b-portal-root');
const mask = () => document.getElementById(MASK_ID);
const portalView = () => within(host()!.shadowRoot!.querySelector<HTMLElement>('.b2b-app')!);

describe('overlay (loader + portal)', () => {
  it('opens the sign-in page in an isolated shadow root, then closes on "#/"', async () => {
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    window.history.replaceState(null, '', '/#/login');
    document.body.style.overflow = 'scroll';
    const overlay = startOverlay();

    expect(mask()).not.toBeNull();
    await waitFor(() => expect(mask()).toBeNull());

    expect(host()!.shadowRoot).not.toBeNull();
    expect(host()!.style.display).toBe('block');
    expect(await portalView().findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.callsTo('StoreBasicInfo')).toHaveLength(1);
    expect(document.body.style.overflow).toBe('hidden');
    // The portal's styles live in the shadow root, not in the storefront's document.
    expect(host()!.shadowRoot!.querySelectorAll('style[data-emotion]').length).toBeGreaterThan(0);
    expect(document.head.querySelectorAll('style[data-emotion]')).toHaveLength(0);

    window.location.hash = '#/';
    await waitFor(() => expect(overlay.phase).toBe('closed'));
    expect(host()!.style.display).toBe('none');
    expect(host()!.shadowRoot!.querySelector('.b2b-app')!.childElementCount).toBe(0);
    expect(document.body.style.overflow).toBe('scroll');

    window.location.hash = '#/login';
    await waitFor(() => expect(host()!.style.display).toBe('block'));
    expect(await portalView().findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.callsTo('StoreBasicInfo')).toHaveLength(1); // reopening reuses the start-up data
  });

  it('the Close button gives the page back', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    window.history.replaceState(null, '', '/products/pipettes#/login');
    const overlay = startOverlay();

    await waitFor(() => expect(mask()).toBeNull());
    const close = await portalView().findByRole('button', { name: 'Close' });
    close.click();

    await waitFor(() => expect(overlay.phase).toBe('closed'));
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/products/pipettes');
    expect(host()!.style.display).toBe('none');
  });

  it('renders nothing and removes the mask when the channel is not B2B-enabled (shell §1)', async () => {
    const server = mockGraphQL({
      StoreBasicInfo: storeInfoResult({
        multiStorefrontEnabled: true,
        storeSites: [{ ...storeInfo().storeSites[0]!, b2bEnabled: false }],
      }),
    });
    window.history.replaceState(null, '', '/#/login');
    const overlay = startOverlay();

    await waitFor(() => expect(server.callsTo('StoreBasicInfo')).toHaveLength(1));
    await waitFor(() => expect(mask()).toBeNull());
    expect(overlay.phase).toBe('open');
    expect(host()!.style.display).toBe('none');
    expect(host()!.shadowRoot!.querySelector('.b2b-app')!.textContent).toBe('');
    expect(document.body.style.overflow).toBe('');
  });
});
