import { act, screen, waitFor } from '@testing-library/react';

import { setB2BToken } from '../lib/session';
import { customerInfoResult, mockGraphQL, storeInfoResult } from '../test/graphqlMock';
import { renderPortal } from '../test/renderPortal';

describe('portal routes', () => {
  it('sends unknown routes to sign-in when signed out', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const view = renderPortal('/orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login');
  });

  it('sends unknown routes and the sign-in page to the account settings when signed in', async () => {
    setB2BToken('tok');
    mockGraphQL({ StoreBasicInfo: storeInfoResult(), CustomerInfo: customerInfoResult });
    const view = renderPortal('/quotes');
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(view.location()).toBe('/accountSettings');

    await act(() => view.router.navigate('/login'));
    await waitFor(() => expect(view.location()).toBe('/accountSettings'));
  });

  it('asks to close the portal on the blank landing route "/"', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const view = renderPortal('/');
    await waitFor(() => expect(view.requestClose).toHaveBeenCalledTimes(1));
  });

  it('reports the end of start-up once, with the store enabled', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const view = renderPortal('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(view.onStartupEnd).toHaveBeenCalledTimes(1);
    expect(view.onStartupEnd).toHaveBeenCalledWith({ enabled: true, language: 'en' });
  });

  it('renders nothing when start-up fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const view = renderPortal('/login');
    await waitFor(() => expect(view.onStartupEnd).toHaveBeenCalledWith({ enabled: false, language: null }));
    expect(view.container).toBeEmptyDOMElement();
    expect(error).toHaveBeenCalled();
  });

  it('uses the mobile layout at 750 px and below', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width:750px'),
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    renderPortal('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(document.querySelector('.MuiToolbar-dense')).not.toBeNull();
  });
});
