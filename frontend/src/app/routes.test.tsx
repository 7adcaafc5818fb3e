import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { setB2BToken } from '../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, storefrontConfigResult } from '../test/graphqlMock';
import { renderPortal } from '../test/renderPortal';
import { mobileViewport } from '../test/viewport';

// A junior buyer's landing page: their shopping lists (shell §2), none yet.
const NO_LISTS = { data: { shoppingLists: { totalCount: 0, edges: [] } } };

const JUNIOR = customer({
  role: 2,
  permissions: [...DEMO_PERMISSIONS.junior],
  userInfo: { firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' },
});

describe('portal routes and shell (shell §2)', () => {
  it('sends a guest on a protected page to /login?loginFlag=3 and on an unknown one to /login', async () => {
    mockGraphQL({});
    const view = renderPortal('/orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login?loginFlag=3');

    await act(() => view.router.navigate('/no-such-page'));
    await waitFor(() => expect(view.location()).toBe('/login'));
  });

  it('sends a signed-in user from routes without a page, unknown routes and the sign-in page to the landing page', async () => {
    setB2BToken('tok');
    // A junior buyer: no orders, so their shopping lists are the landing page (shell §2).
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR), ShoppingLists: NO_LISTS });
    const view = renderPortal('/multi-invoice');
    expect(await screen.findByRole('heading', { name: 'Shopping lists' })).toBeInTheDocument();
    expect(view.location()).toBe('/shoppingLists');

    for (const path of ['/login', '/no-such-page', '/orders', '/dashboard']) {
      await act(() => view.router.navigate(path));
      await waitFor(() => expect(view.location()).toBe('/shoppingLists'));
    }
  });

  it('redirects a junior buyer who types #/user-management', async () => {
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR), ShoppingLists: NO_LISTS });
    const view = renderPortal('/user-management');
    expect(await screen.findByRole('heading', { name: 'Shopping lists' })).toBeInTheDocument();
    expect(view.location()).toBe('/shoppingLists');
  });

  it('shows the header with the user, the company, Sign out and Close, and exactly the menu entries the user may open', async () => {
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(customer({ role: 0, permissions: [...DEMO_PERMISSIONS.admin], userInfo: { firstName: 'Alice', lastName: 'Admin' } })) });
    renderPortal('/accountSettings');
    await screen.findByRole('heading', { name: 'Account settings' });

    expect(screen.getByTestId('user-summary')).toHaveTextContent('Alice AdminAcme Labs');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['My orders', '/orders'],
      ['Lab orders', '/company-orders'],
      ['Invoices', '/multi-invoice'],
      ['Quotes', '/quotes'],
      ['Shopping lists', '/shoppingLists'],
      ['Quick order', '/purchased-products'],
      ['Addresses', '/addresses'],
      ['User management', '/user-management'],
      ['Account settings', '/accountSettings'],
    ]);
    expect(within(menu).getByRole('link', { name: 'Account settings' })).toHaveAttribute('aria-current', 'page');
  });

  it('has no menu when account settings, orders, quotes and shopping lists are switched off — and then no page for the user: the portal closes', async () => {
    setB2BToken('tok');
    mockGraphQL({
      CustomerInfo: customerResult(),
      StorefrontConfig: storefrontConfigResult({ accountSettings: false, orders: false, quotes: false, shoppingLists: false }),
    });
    const view = renderPortal('/accountSettings');
    await waitFor(() => expect(view.requestClose).toHaveBeenCalled());
  });

  it('asks to close the portal on the blank landing route "/"', async () => {
    mockGraphQL({});
    const view = renderPortal('/');
    await waitFor(() => expect(view.requestClose).toHaveBeenCalledTimes(1));
  });

  it('reports the end of start-up once, with the store enabled', async () => {
    mockGraphQL({});
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

  it('uses the mobile layout at 750 px and below: the menu, the user and Sign out move into a drawer', async () => {
    mobileViewport();
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR) });
    const view = renderPortal('/accountSettings');
    await screen.findByRole('heading', { name: 'Account settings' });
    expect(document.querySelector('.MuiToolbar-dense')).not.toBeNull();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Quotes', 'Shopping lists', 'Quick order', 'Addresses', 'Account settings']);
    expect(screen.getByText('Jules Junior')).toBeInTheDocument();
    await user.click(within(menu).getByRole('link', { name: 'Account settings' }));
    await waitFor(() => expect(screen.queryByRole('navigation')).not.toBeInTheDocument());
    expect(view.location()).toBe('/accountSettings');
  });

  it('the mobile sign-in page has no menu button', async () => {
    mobileViewport();
    mockGraphQL({});
    renderPortal('/login');
    await screen.findByRole('heading', { name: 'Sign In' });
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
  });
});
