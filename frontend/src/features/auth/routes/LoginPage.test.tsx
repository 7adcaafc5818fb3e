import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { B2B_TOKEN_STORAGE_KEY } from '../../../lib/session';
import {
  customerResult,
  customer,
  mockGraphQL,
  restRefusalBody,
  storeInfoResult,
  storefrontConfigsResult,
  type MockServerOptions,
} from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';

async function openSignIn(path = '/login') {
  const view = renderPortal(path);
  await screen.findByRole('heading', { name: 'Sign In' });
  return view;
}

async function signIn(email = 'senior@acme.test', password = 'Demo1234') {
  const user = userEvent.setup({ delay: null });
  await enterText(user, screen.getByLabelText(/Email Address/), email);
  await enterText(user, screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
  return user;
}

// A senior buyer's landing page is their orders (shell §2).
const NO_ORDERS = { data: { orders: { totalCount: 0, edges: [] } } };

const refusedBy = (status: number, code: string): MockServerOptions => ({
  rest: { 'POST /login/': { status, body: restRefusalBody(status, code, 'The server says no.') } },
});

describe('sign-in page (shell §2)', () => {
  it('shows the store from storeBasicInfo, the title, the form and the New Customer benefits', async () => {
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    await openSignIn();

    expect(server.callsTo('StoreBasicInfo')).toHaveLength(1);
    expect(screen.getByTestId('store-name')).toHaveTextContent('Helix Scientific');
    expect(screen.getByRole('img', { name: 'Helix Scientific logo' })).toHaveAttribute('src', 'https://cdn.example.test/helix-logo.png');
    expect(screen.getByLabelText(/Email Address/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/forgotpassword');
    // CREATE ACCOUNT belongs to registration, whose page does not exist yet.
    expect(screen.queryByRole('button', { name: /create account/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();

    const panel = screen.getByRole('region', { name: 'New Customer?' });
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Check out faster',
      'Save multiple shipping addresses',
      'Access your order history',
      'Track new orders',
      'Save items to your Wish List',
    ]);
  });

  it('validates the fields before calling the server', async () => {
    const server = mockGraphQL({});
    await openSignIn();
    const user = userEvent.setup({ delay: null });

    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toHaveFocus();

    await enterText(user, screen.getByLabelText(/Email Address/), 'senior@acme');
    expect(screen.getByText('Enter a valid email address, for example name@company.com.')).toBeInTheDocument();
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(0);
  });

  it('signs in on the storefront, exchanges the session, loads the customer and lands on their orders', async () => {
    const server = mockGraphQL({ CustomerInfo: customerResult(), Orders: NO_ORDERS });
    const view = await openSignIn();
    await signIn(' senior@acme.test ');

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders');
    expect(Object.fromEntries(new URLSearchParams(server.restCallsTo('POST', '/login/')[0]!.body!))).toEqual({
      email: 'senior@acme.test',
      password: 'Demo1234',
    });
    expect(server.callsTo('Authorization')[0]!.variables).toEqual({ authData: { bcToken: 'customer-jwt-1', channelId: 1 } });
    expect(server.callsTo('CustomerInfo')[0]!.headers.Authorization).toBe('Bearer b2b-token-1');
    expect(server.callsTo('CustomerInfo')).toHaveLength(1);
    expect(server.callsTo('Login')).toHaveLength(0);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('b2b-token-1');
    expect(screen.getByRole('navigation', { name: 'Portal menu' })).toBeInTheDocument();
  });

  it('disables the button while signing in', async () => {
    let answer: () => void = () => undefined;
    let signedIn = false;
    mockGraphQL(
      { CustomerInfo: customerResult(), Orders: NO_ORDERS },
      {
        rest: {
          'POST /login/': () =>
            new Promise((resolve) => {
              answer = () => {
                signedIn = true;
                resolve({ body: { ok: true, customerId: 7 } });
              };
            }),
          'GET /customer/current.jwt': () => (signedIn ? { body: 'customer-jwt-1' } : { status: 401 }),
        },
      },
    );
    await openSignIn();
    await signIn();

    await waitFor(() => expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeDisabled());
    answer();
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
  });

  it.each([
    [400, 'INVALID_CREDENTIALS', 'Your email address or password is incorrect. Please try again.'],
    [429, 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts. Please wait a few minutes and try again.'],
    [403, 'STAFF_ACCOUNT', 'This is a staff account: sign in to the store’s administration instead. Customers use their own accounts.'],
    [403, 'PERMISSION_DENIED', 'We couldn’t complete your sign-in. Please try again.'], // the storefront's CSRF check
  ])('a refused sign-in (%s %s) is shown inline by its code, not as a toast', async (status, code, text) => {
    const server = mockGraphQL({}, refusedBy(status, code));
    await openSignIn();
    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(getToasts()).toEqual([]);
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(1); // start-up's only
  });

  it('PASSWORD_RESET_REQUIRED links to the password reset', async () => {
    mockGraphQL({}, refusedBy(403, 'PASSWORD_RESET_REQUIRED'));
    const view = await openSignIn();
    const user = await signIn();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You need to set a new password before you can sign in.');
    await user.click(within(alert).getByRole('link', { name: 'Set a new password' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(view.location()).toBe('/forgotpassword');
  });

  it('warns before submitting when the account must set a new password (userLoginState)', async () => {
    const server = mockGraphQL({
      UserLoginState: (variables) => ({ data: { userLoginState: { forcePasswordReset: variables.email === 'reset@acme.test' } } }),
    });
    await openSignIn();
    const user = userEvent.setup({ delay: null });
    await enterText(user, screen.getByLabelText(/Email Address/), 'reset@acme.test');
    await user.tab();

    expect(await screen.findByRole('alert')).toHaveTextContent('You need to set a new password before you can sign in.');
    expect(server.callsTo('UserLoginState')[0]!.variables).toEqual({ email: 'reset@acme.test' });

    await user.clear(screen.getByLabelText(/Email Address/));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('abandons the sign-in when the storefront does not hand the session over (shell §4)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = mockGraphQL({}, { rest: { 'GET /customer/current.jwt': { status: 500, body: 'boom' } } });
    await openSignIn();
    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('We couldn’t complete your sign-in. Please try again.');
    expect(server.callsTo('Authorization')).toHaveLength(0);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('gives the new session back when the customer cannot be loaded', async () => {
    const server = mockGraphQL({
      CustomerInfo: { errors: [{ message: 'Temporarily unavailable', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
      Logout: { data: { logout: { result: { message: 'Signed out.' } } } },
    });
    await openSignIn();
    await signIn();

    expect(await screen.findByRole('alert')).toHaveTextContent('Temporarily unavailable');
    expect(server.callsTo('Logout')[0]!.headers.Authorization).toBe('Bearer b2b-token-1');
    expect(server.storefrontSignedIn()).toBe(false);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['/login?loginFlag=3', 'You have been signed out.'],
    ['/login?loginFlag=6', 'Your session was lost. Please sign in again.'],
    ['/login?loginFlag=7', 'Please sign in with a company account to view invoices.'],
  ])('%s shows its notice', async (path, text) => {
    mockGraphQL({});
    await openSignIn(path);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('loginFlag=3 with showTip=false shows no notice', async () => {
    mockGraphQL({});
    await openSignIn('/login?loginFlag=3&showTip=false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the store’s sanitised HTML when login_page_html is on', async () => {
    mockGraphQL({
      StorefrontConfigs: storefrontConfigsResult({
        login_page_html: { value: '1', extraFields: { html: '<p>Lab week: <strong>15% off</strong></p><script>window.__x = 1</script><img src="x" onerror="window.__x = 2">' } },
      }),
    });
    await openSignIn();
    const region = screen.getByRole('region', { name: 'Message from Helix Scientific' });
    expect(region.innerHTML).toBe('<p>Lab week: <strong>15% off</strong></p><img src="x">');
    expect((window as unknown as { __x?: number }).__x).toBeUndefined();
  });

  it('hides the store’s HTML while login_page_html is off, and the New Customer panel when login_page_display is off', async () => {
    mockGraphQL({
      StorefrontConfigs: storefrontConfigsResult({
        login_page_html: { value: '0', extraFields: { html: '<p>Not shown</p>' } },
        login_page_display: { value: '0', extraFields: { displayStoreLogo: '0' } },
        login_page_button: { value: '1', extraFields: { color: '#006644' } },
      }),
    });
    await openSignIn();
    expect(screen.queryByText('Not shown')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New Customer?' })).not.toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(getComputedStyle(screen.getByRole('button', { name: 'SIGN IN' })).backgroundColor).toBe('rgb(0, 102, 68)');
  });

  it('applies the store’s own wording for the page (translations endpoint)', async () => {
    mockGraphQL({}, {
      rest: {
        'GET /storefront/translation/helix01/1/login': {
          body: { language: 'en', page: 'login', translationVersion: 0, message: { 'login.title': 'Welcome back' } },
        },
      },
    });
    renderPortal('/login');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of the sign-in page to their landing page', async () => {
    // A junior buyer lands on their shopping lists (shell §2).
    mockGraphQL({ CustomerInfo: customerResult(customer({ role: 2 })), ShoppingLists: { data: { shoppingLists: { totalCount: 0, edges: [] } } } });
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    const view = renderPortal('/login');
    expect(await screen.findByRole('heading', { name: 'Shopping lists' })).toBeInTheDocument();
    expect(view.location()).toBe('/shoppingLists');
  });

  it('speaks the browser’s language (fr-CA → fr)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    mockGraphQL({ StoreBasicInfo: storeInfoResult({ defaultLanguage: 'de' }) });
    renderPortal('/login');

    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SE CONNECTER' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Nouveau client ?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mot de passe oublié ?' })).toBeInTheDocument();
  });

  it('falls back to the store’s default language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP']);
    mockGraphQL({ StoreBasicInfo: storeInfoResult({ defaultLanguage: 'de' }) });
    renderPortal('/login');

    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
  });
});
