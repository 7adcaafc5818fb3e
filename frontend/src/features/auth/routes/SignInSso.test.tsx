import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';

import { getToasts } from '../../../components/toast/toastStore';
import { B2B_TOKEN_STORAGE_KEY } from '../../../lib/session';
import { customerResult, mockGraphQL, restRefusalBody, type GraphQLResult, type MockServerOptions } from '../../../test/graphqlMock';
import { TEST_CONFIG, renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';
import { ssoNavigation } from '../api/ssoSignIn';

// Issue 40: an address whose company signs in with its identity provider goes there from the overlay's sign-in page.

const PROVIDER = 'Northfield Login';
const START = '/sso/northfield/start/?next=%2F%23%2Flogin';

const ssoAnswer = (required: boolean, startUrl = START): GraphQLResult => ({
  data: { ssoSignIn: { required, startUrl, providerName: PROVIDER } },
});

/** ssoSignIn answering for northfield.test only, as the server answers for a provider's domain. */
const northfield = (required: boolean) => (variables: Record<string, unknown>): GraphQLResult =>
  String(variables.email).toLowerCase().endsWith('@northfield.test') ? ssoAnswer(required) : { data: { ssoSignIn: null } };

const NO_ORDERS = { data: { orders: { totalCount: 0, edges: [] } } };

const emailField = () => screen.getByLabelText(/Email Address/);
const passwordField = () => screen.queryByLabelText(/^Password/);
const continueButton = () => screen.queryByRole('button', { name: `Continue with ${PROVIDER}` });

async function openSignIn(handlers: Parameters<typeof mockGraphQL>[0], options: MockServerOptions = {}, config = TEST_CONFIG) {
  const server = mockGraphQL(handlers, options);
  const view = renderPortal('/login', config);
  await screen.findByRole('heading', { name: 'Sign In' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

let assign: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string) => void>();
  vi.spyOn(ssoNavigation, 'assign').mockImplementation(assign);
});

describe('single sign-on from the sign-in page (issue 40)', () => {
  it('offers the organisation’s sign-in beside the password when the address’s company has one', async () => {
    const { server, user } = await openSignIn({ SsoSignIn: northfield(false) });
    await enterText(user, emailField(), 'olga@northfield.test');
    await user.tab();

    expect(await screen.findByRole('button', { name: `Continue with ${PROVIDER}` })).toBeEnabled();
    expect(screen.getByRole('status')).toHaveTextContent(`Your organization (northfield.test) can sign you in with ${PROVIDER}.`);
    // A member on another domain may still use a password: both stay.
    expect(passwordField()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeEnabled();
    expect(screen.getByText('or sign in with your password')).toBeInTheDocument();
    // The API is on another origin than this page (jsdom's): the provider sends the buyer back to this page's address.
    expect(server.callsTo('SsoSignIn').map((call) => call.variables)).toEqual([{ email: 'olga@northfield.test', next: 'http://localhost:3000/#/login' }]);

    await user.click(continueButton()!);
    expect(assign).toHaveBeenCalledWith(`https://api.helix.test${START}`);
    // Leaving: the button says so and nothing can be sent twice.
    expect(continueButton()).toBeDisabled();
    expect(emailField()).toBeDisabled();
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(0);
  });

  it('leaves the password out when the company requires its sign-in; Enter goes to the provider', async () => {
    const { server, user } = await openSignIn({ SsoSignIn: northfield(true) });
    await enterText(user, emailField(), 'olga@northfield.test');
    await user.tab();

    expect(await screen.findByRole('button', { name: `Continue with ${PROVIDER}` })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(`Your organization (northfield.test) signs you in with ${PROVIDER}.`);
    expect(passwordField()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'SIGN IN' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Forgot your password?' })).not.toBeInTheDocument();

    await user.type(emailField(), '{Enter}');
    expect(assign).toHaveBeenCalledWith(`https://api.helix.test${START}`);
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(0);
  });

  it('sends the path of this page when the API is on the page’s own origin', async () => {
    const { server, user } = await openSignIn({ SsoSignIn: northfield(true) }, {}, { ...TEST_CONFIG, apiOrigin: window.location.origin });
    await enterText(user, emailField(), 'olga@northfield.test');
    await user.tab();

    await user.click(await screen.findByRole('button', { name: `Continue with ${PROVIDER}` }));
    expect(server.callsTo('SsoSignIn')[0]!.variables).toEqual({ email: 'olga@northfield.test', next: '/#/login' });
    expect(assign).toHaveBeenCalledWith(`${window.location.origin}${START}`);
  });

  it('asks once typing settles on a complete address, once per domain, and never shows an answer for another address', async () => {
    const answers: Record<string, (result: GraphQLResult) => void> = {};
    const { server, user } = await openSignIn({
      SsoSignIn: (variables) =>
        new Promise<GraphQLResult>((resolve) => {
          answers[String(variables.email)] = resolve;
        }),
    });
    await enterText(user, emailField(), 'olga@northfield');
    await enterText(user, emailField(), '.test');
    // Without leaving the field: asked once the address is complete.
    await waitFor(() => expect(server.callsTo('SsoSignIn')).toHaveLength(1));
    expect(server.callsTo('SsoSignIn')[0]!.variables.email).toBe('olga@northfield.test');
    expect(await screen.findByRole('progressbar', { name: 'Checking how you sign in…' })).toBeInTheDocument();

    // Another domain before the answer came: the first request is cancelled, its late answer never shown.
    await user.clear(emailField());
    await enterText(user, emailField(), 'olga@other.test');
    await waitFor(() => expect(server.callsTo('SsoSignIn')).toHaveLength(2));
    const firstRequest = server.fetchMock.mock.calls.find(([, init]) => String(init?.body).includes('olga@northfield.test'));
    expect(firstRequest![1]!.signal!.aborted).toBe(true);
    answers['olga@northfield.test']!(ssoAnswer(true));
    answers['olga@other.test']!({ data: { ssoSignIn: null } });
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Checking how you sign in…' })).not.toBeInTheDocument());
    expect(continueButton()).not.toBeInTheDocument();
    expect(passwordField()).toBeInTheDocument();

    // The answer is the domain's: another address of the same domain asks nothing again.
    await user.clear(emailField());
    await enterText(user, emailField(), 'gene@other.test');
    await user.tab();
    expect(server.callsTo('SsoSignIn')).toHaveLength(2);
  });

  it('drops the offer as soon as the address changes to another domain', async () => {
    const { user } = await openSignIn({ SsoSignIn: northfield(true) });
    await enterText(user, emailField(), 'olga@northfield.test');
    await user.tab();
    await screen.findByRole('button', { name: `Continue with ${PROVIDER}` });

    fireEvent.change(emailField(), { target: { value: 'olga@northfield.tes' } });
    expect(continueButton()).not.toBeInTheDocument();
    expect(passwordField()).toBeInTheDocument();
  });

  it('asks before a password sign-in, and sends no password for an address that must use its organisation', async () => {
    let answer: (result: GraphQLResult) => void = () => undefined;
    const { server, user } = await openSignIn({
      SsoSignIn: () =>
        new Promise<GraphQLResult>((resolve) => {
          answer = resolve;
        }),
    });
    // Typed and sent at once, before any answer.
    fireEvent.change(emailField(), { target: { value: 'olga@northfield.test' } });
    fireEvent.change(passwordField()!, { target: { value: 'Demo1234' } });
    passwordField()!.focus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(server.callsTo('SsoSignIn')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'SIGN IN' })).toBeDisabled();
    answer(ssoAnswer(true));

    const button = await screen.findByRole('button', { name: `Continue with ${PROVIDER}` });
    expect(passwordField()).not.toBeInTheDocument();
    // The field that had the focus is gone: the focus is on the way in that is left.
    await waitFor(() => expect(button).toHaveFocus());
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
  });

  it('signs in with the password after asking when the organisation does not require its sign-in', async () => {
    const { server, user } = await openSignIn({ SsoSignIn: northfield(false), CustomerInfo: customerResult(), Orders: NO_ORDERS });
    fireEvent.change(emailField(), { target: { value: 'olga@northfield.test' } });
    fireEvent.change(passwordField()!, { target: { value: 'Demo1234' } });
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(server.callsTo('SsoSignIn')).toHaveLength(1);
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a question that fails leaves the password sign-in as it was, without a toast', async () => {
    const { server, user } = await openSignIn({
      SsoSignIn: { errors: [{ message: 'Temporarily unavailable', extensions: { code: 'SERVICE_UNAVAILABLE' } }] },
      CustomerInfo: customerResult(),
      Orders: NO_ORDERS,
    });
    await enterText(user, emailField(), 'olga@northfield.test');
    await enterText(user, passwordField()!, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(server.callsTo('SsoSignIn').length).toBeGreaterThan(0);
    expect(getToasts()).toEqual([]);
  });

  it('SSO_REQUIRED from the password sign-in says so in the portal’s words and offers the organisation’s sign-in', async () => {
    const refusal = restRefusalBody(403, 'SSO_REQUIRED', 'Your organisation signs you in with its own sign-in service.');
    refusal.errors[0]!.extensions = { code: 'SSO_REQUIRED', startUrl: '/sso/northfield/start/?next=%2F', providerName: PROVIDER } as typeof refusal.errors[0]['extensions'];
    // A member under another domain: ssoSignIn says nothing about it, the refusal does.
    const { server, user } = await openSignIn({}, { rest: { 'POST /login/': { status: 403, body: refusal } } });
    await enterText(user, emailField(), 'olga@gmail.test');
    await enterText(user, passwordField()!, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Your organization signs you in with ${PROVIDER}, not with a password. Continue with ${PROVIDER} to sign in.`,
    );
    const button = screen.getByRole('button', { name: `Continue with ${PROVIDER}` });
    expect(passwordField()).not.toBeInTheDocument();
    await waitFor(() => expect(button).toHaveFocus());
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();

    await user.click(button);
    // Back to this page rather than the refusal's "/".
    expect(assign).toHaveBeenCalledWith('https://api.helix.test/sso/northfield/start/?next=http%3A%2F%2Flocalhost%3A3000%2F%23%2Flogin');
    expect(server.restCallsTo('POST', '/login/')).toHaveLength(1);
  });

  it('another address after an SSO_REQUIRED refusal may use a password again', async () => {
    const refusal = restRefusalBody(403, 'SSO_REQUIRED', 'No.');
    refusal.errors[0]!.extensions = { code: 'SSO_REQUIRED', startUrl: '/sso/northfield/start/?next=%2F', providerName: PROVIDER } as typeof refusal.errors[0]['extensions'];
    const { user } = await openSignIn({}, { rest: { 'POST /login/': { status: 403, body: refusal } } });
    await enterText(user, emailField(), 'olga@gmail.test');
    await enterText(user, passwordField()!, 'Demo1234');
    await user.click(screen.getByRole('button', { name: 'SIGN IN' }));
    await screen.findByRole('alert');

    await enterText(user, emailField(), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(continueButton()).not.toBeInTheDocument();
    expect(passwordField()).toBeInTheDocument();
  });

  it('back from the provider on the sign-in page, takes the storefront session over and lands where a password sign-in lands', async () => {
    // The provider signed the buyer in on the storefront and sent the browser back to #/login.
    const server = mockGraphQL({ CustomerInfo: customerResult(), Orders: NO_ORDERS }, { storefrontSignedIn: true });
    const view = renderPortal('/login');

    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders');
    expect(server.callsTo('Authorization')[0]!.variables).toEqual({ authData: { bcToken: 'customer-jwt-1', channelId: 1 } });
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('b2b-token-1');
  });

  it('is reached from the keyboard and passes axe’s rules on a phone', async () => {
    mobileViewport();
    const { user } = await openSignIn({ SsoSignIn: northfield(false) });
    await enterText(user, emailField(), 'olga@northfield.test');
    await user.tab();
    const button = await screen.findByRole('button', { name: `Continue with ${PROVIDER}` });
    // Tab order: the address, the organisation's sign-in, then the password.
    emailField().focus();
    await user.tab();
    expect(button).toHaveFocus();
    await user.tab();
    expect(passwordField()).toHaveFocus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    await user.keyboard('{Enter}');
    expect(assign).toHaveBeenCalledTimes(1);

    const form = screen.getByRole('form', { name: 'Sign In' });
    const results = await axe.run(form, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    expect(within(form).getByRole('status')).toHaveTextContent(PROVIDER);
  });
});
