import { within } from '@testing-library/react';

import { PORTAL_ROOT_ID } from './app/isolatedRoot';
import { loadAllPages } from './app/routes';
import type { PortalInstance, PortalModule } from './lib/config';
import { mockGraphQL, storeInfoResult } from './test/graphqlMock';

// The overlay's root declares the portal's language (issue 14 §3), so screen readers read German as German.

const CONFIG = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

const reactGlobals = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = reactGlobals.IS_REACT_ACT_ENVIRONMENT;
let mountPortal: PortalModule['mountPortal'];
// The page chunks and the portal chunk load before the tests: nothing below races a lazy import.
beforeAll(async () => {
  await loadAllPages();
  ({ mountPortal } = await import('./main'));
  // mountPortal renders its own React root, as on a storefront page, not through Testing Library's act().
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = false;
}, 120_000);
afterAll(() => {
  reactGlobals.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
});

let portal: PortalInstance | null = null;
afterEach(() => {
  portal?.unmount();
  portal = null;
});

async function open(browserLanguage: string): Promise<HTMLElement> {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue([browserLanguage]);
  window.history.replaceState(null, '', '/#/login');
  const enabled = await new Promise<boolean>((resolve) => {
    portal = mountPortal(CONFIG, { onStartupEnd: resolve, onCloseRequest: () => undefined });
  });
  expect(enabled).toBe(true);
  return document.getElementById(PORTAL_ROOT_ID)!;
}

describe('the overlay root’s language', () => {
  it('is the portal’s language, and follows it when the portal opens in another', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const root = await open('de-DE');
    expect(root).toHaveAttribute('lang', 'de');
    const app = within(root.shadowRoot!.querySelector<HTMLElement>('.b2b-app')!);
    expect(await app.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();

    portal!.unmount();
    expect(await open('fr-CA')).toHaveAttribute('lang', 'fr');
    expect(await app.findByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
    expect(app.queryByRole('heading', { name: 'Anmelden' })).toBeNull();
  });
});

// Issue 15: the portal is a modal dialog; the storefront behind it is out of reach while it is open.
describe('the storefront page behind the open portal', () => {
  it('is inert while the portal is open and given back when it closes; focus goes to the page heading', async () => {
    document.body.innerHTML = '<header><a href="#/login">Sign in</a></header><main><h1>Ethanol</h1></main>';
    const header = document.querySelector('header')!;
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const root = await open('en-US');
    expect(header).toHaveAttribute('inert');
    expect(document.querySelector('main')).toHaveAttribute('inert');
    expect(root).not.toHaveAttribute('inert');

    const heading = await within(root.shadowRoot!.querySelector<HTMLElement>('.b2b-app')!).findByRole('heading', { level: 1, name: 'Sign In' });
    await vi.waitFor(() => expect(root.shadowRoot!.activeElement).toBe(heading));

    portal!.unmount();
    portal = null;
    expect(header).not.toHaveAttribute('inert');
    expect(header).not.toHaveAttribute('aria-hidden');
  });
});
