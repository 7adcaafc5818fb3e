import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { B2B_TOKEN_STORAGE_KEY } from '../../../lib/session';
import { customerInfoResult, mockGraphQL, storeInfoResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';

const loginResult = {
  data: { login: { result: { token: 'b2b-token-1', loginType: 2, permissions: [{ code: 'get_orders', permissionLevel: 2 }] } } },
};

async function openSignIn(path = '/login') {
  const view = renderPortal(path);
  await screen.findByRole('heading', { name: 'Sign In' });
  return view;
}

describe('sign-in page (shell §2)', () => {
  it('shows the store from storeBasicInfo, the title, the form and the New Customer benefits', async () => {
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    await openSignIn();

    expect(server.callsTo('StoreBasicInfo')).toHaveLength(1);
    expect(screen.getByTestId('store-name')).toHaveTextContent('Helix Scientific');
    expect(screen.getByRole('img', { name: 'Helix Scientific logo' })).toHaveAttribute('src', 'https://cdn.example.test/helix-logo.png');
    expect(screen.getByLabelText(/Email Address/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Password/)).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /create account/i })).not.toBeInTheDocument();

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
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    await openSignIn();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(screen.getByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toHaveFocus();

    await user.type(screen.getByLabelText(/Email Address/), 'senior@acme');
    expect(screen.getByText('Enter a valid email address, for example name@company.com.')).toBeInTheDocument();
    expect(server.callsTo('Login')).toHaveLength(0);
  });

  it('signs in with the channel, stores the token and opens the account settings', async () => {
    const server = mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      Login: loginResult,
      CustomerInfo: customerInfoResult,
    });
    const view = await openSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Email Address/), ' senior@acme.test ');
    await user.type(screen.getByLabelText(/Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
    expect(server.callsTo('Login')[0]!.variables).toEqual({
      loginData: { email: 'senior@acme.test', password: 'Demo1234', channelId: 1 },
    });
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('b2b-token-1');
    expect(view.location()).toBe('/accountSettings');
    await waitFor(() => expect(server.callsTo('CustomerInfo')[0]?.headers.Authorization).toBe('Bearer b2b-token-1'));
  });

  it('disables the button while signing in', async () => {
    let answer: (value: typeof loginResult) => void = () => undefined;
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      Login: () => new Promise((resolve) => (answer = resolve)),
      CustomerInfo: customerInfoResult,
    });
    await openSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Email Address/), 'senior@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    await waitFor(() => expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeDisabled());
    answer(loginResult);
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
  });

  it('shows wrong credentials inline, not as a toast', async () => {
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      Login: {
        errors: [
          {
            message: 'Your email address or password is incorrect. Please try again.',
            extensions: { code: 'INVALID_CREDENTIALS' },
          },
        ],
      },
    });
    await openSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Email Address/), 'senior@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password1');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your email address or password is incorrect. Please try again.');
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows any other server message inline and field errors under their fields', async () => {
    let attempt = 0;
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      Login: () =>
        ++attempt === 1
          ? { errors: [{ message: 'This account is locked.', extensions: { code: 'ACCOUNT_LOCKED' } }] }
          : {
              errors: [
                {
                  message: 'Invalid input.',
                  extensions: { code: 'VALIDATION_ERROR', fields: { 'loginData.email': ['No account uses this address.'] } },
                },
              ],
            },
    });
    await openSignIn();
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/Email Address/), 'senior@acme.test');
    await user.type(screen.getByLabelText(/Password/), 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account is locked.');

    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    expect(await screen.findByText('No account uses this address.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email Address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it.each([
    ['/login?loginFlag=3', 'You have been signed out.'],
    ['/login?loginFlag=6', 'Your session was lost. Please sign in again.'],
    ['/login?loginFlag=7', 'Please sign in with a company account to view invoices.'],
  ])('%s shows its notice', async (path, text) => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    await openSignIn(path);
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('loginFlag=3 with showTip=false shows no notice', async () => {
    mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    await openSignIn('/login?loginFlag=3&showTip=false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('speaks the browser’s language (fr-CA → fr)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    mockGraphQL({ StoreBasicInfo: storeInfoResult({ defaultLanguage: 'de' }) });
    renderPortal('/login');

    expect(await screen.findByRole('heading', { name: 'Se connecter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SE CONNECTER' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Nouveau client ?' })).toBeInTheDocument();
  });

  it('falls back to the store’s default language', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja-JP']);
    mockGraphQL({ StoreBasicInfo: storeInfoResult({ defaultLanguage: 'de' }) });
    renderPortal('/login');

    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
  });
});
