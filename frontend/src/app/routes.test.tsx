import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { B2B_TOKEN_STORAGE_KEY, clearB2BToken, setB2BToken } from '../lib/session';
import { CUSTOMER_INFO_QUERY_KEY } from '../lib/user/customerInfo';
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
      ['Approvals', '/approvals'],
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
    expect(within(menu).getAllByRole('link').map((link) => link.textContent)).toEqual(['Approvals', 'Quotes', 'Shopping lists', 'Quick order', 'Addresses', 'Account settings']);
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

// Issue 36 items 7 and 10: a route a signed-in user may not open never ends their session, and no redirect is silent.
const B2C = customer({ role: 99, permissions: [...DEMO_PERMISSIONS.individual], companyInfo: null, userInfo: { email: 'b2c@demo.test', firstName: 'Bea', lastName: 'Buyer' } });
const SUPER_ADMIN = customer({ role: 3, permissions: [], companyInfo: null, userInfo: { email: 'superadmin@demo.test' } });
const NO_ORDERS = { data: { orders: { totalCount: 0, edges: [] } } };
const NO_COMPANIES = { data: { superAdminCompanies: { totalCount: 0, edges: [] } } };
/** The notice above the page the gate sent the user to (a polite status message), by its text. */
const redirectNotice = (text: string) => screen.getByText(text).closest('[role="status"]');

describe('redirects keep the session and say why (issue 36)', () => {
  it.each(['/invoice', '/multi-invoice'])('keeps an individual customer who opens %s signed in, on their orders, told why', async (path) => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(B2C), Orders: NO_ORDERS });
    const view = renderPortal(path);

    expect(await screen.findByRole('heading', { name: 'My orders' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders');
    expect(redirectNotice('Invoices are not available for your account. They are issued to company accounts.')).not.toBeNull();
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('tok');
    expect(view.queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toMatchObject({ userInfo: { email: 'b2c@demo.test' } });
    expect(server.callsTo('Logout')).toHaveLength(0);
    expect(server.restCallsTo('POST', '/logout/')).toHaveLength(0);
  });

  it('keeps a super admin who is not masquerading signed in on invoice links: the dashboard, told to masquerade', async () => {
    for (const path of ['/invoice', '/invoiceDetail/2']) {
      setB2BToken('tok');
      const server = mockGraphQL({ CustomerInfo: customerResult(SUPER_ADMIN), SuperAdminCompanies: NO_COMPANIES });
      const view = renderPortal(path);
      expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
      expect(view.location()).toBe('/dashboard');
      expect(redirectNotice('Invoices are not available until you masquerade as a company. Choose one on the dashboard to see its invoices.')).not.toBeNull();
      expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('tok');
      expect(server.callsTo('Logout')).toHaveLength(0);
      view.unmount();
    }
  });

  it('opens the invoice detail to an individual customer (shell §2): why there is nothing to show, and a company sign-in', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(B2C), Logout: { data: { logout: { result: { message: 'Signed out.' } } } } });
    const view = renderPortal('/invoiceDetail/2');

    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice' })).toBeInTheDocument();
    expect(view.location()).toBe('/invoiceDetail/2');
    expect(screen.getByText(/Invoices are issued to company accounts, and you’re signed in with a personal account/)).toBeInTheDocument();
    // The server gives an individual no invoice: nothing is asked, and the session goes on until they choose.
    expect(server.callsTo('Invoice')).toHaveLength(0);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('tok');

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Sign in with a company account' }));
    await waitFor(() => expect(view.location()).toBe('/login?loginFlag=7'));
    expect(await screen.findByText('Please sign in with a company account to view invoices.')).toBeInTheDocument();
    expect(server.callsTo('Logout')).toHaveLength(1);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('tells a junior buyer why a page they typed is not theirs', async () => {
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(JUNIOR), ShoppingLists: NO_LISTS });
    const view = renderPortal('/user-management');
    expect(await screen.findByRole('heading', { name: 'Shopping lists' })).toBeInTheDocument();
    expect(view.location()).toBe('/shoppingLists');
    const why = 'Your account doesn’t have access to that page. Ask your company’s administrator if you need it.';
    expect(redirectNotice(why)).not.toBeNull();

    // Dismissed, or gone once they move on.
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Dismiss this message' }));
    expect(screen.queryByText(why)).not.toBeInTheDocument();
    await act(() => view.router.navigate('/user-management'));
    expect(await screen.findByText(why)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Account settings' }));
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(screen.queryByText(why)).not.toBeInTheDocument();
  });

  it('asks a guest who never signed in to sign in, and tells one who signed out that they were', async () => {
    mockGraphQL({});
    const view = renderPortal('/orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login?loginFlag=3');
    expect(screen.getByRole('alert')).toHaveTextContent('Please sign in to continue.');
    expect(screen.queryByText('You have been signed out.')).not.toBeInTheDocument();
    view.unmount();

    clearB2BToken({ reason: 'signedOut' });
    mockGraphQL({});
    const after = renderPortal('/orders');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(after.location()).toBe('/login?loginFlag=3');
    expect(screen.getByRole('alert')).toHaveTextContent('You have been signed out.');
  });
});
