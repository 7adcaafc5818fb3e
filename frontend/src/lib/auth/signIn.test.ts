import { MOCK_CSRF_TOKEN, authorizationResult, mockGraphQL, restRefusalBody } from '../../test/graphqlMock';
import { createGraphQLClient } from '../graphql';
import { joinedMasquerade } from '../user/joinedMasquerade';
import { exchangeStorefrontSession, signInWithPassword, signOutEverywhere } from './signIn';
import { readCookie } from './storefrontSession';

const CONFIG = { apiOrigin: 'https://shop.helix.test', channelId: 2, appClientId: 'helix-buyer-portal' };

function setup() {
  const onError = vi.fn();
  const client = createGraphQLClient({ apiOrigin: CONFIG.apiOrigin, onError, onSessionExpired: vi.fn() });
  return { client, onError, context: { client, config: CONFIG } };
}

afterEach(() => {
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('sign-in through the storefront (ARCHITECTURE §8)', () => {
  it('signs in on the storefront, fetches the customer JWT and exchanges it for a B2B token', async () => {
    // The API is on another origin than this page (jsdom's localhost): its CSRF token comes from the API, not from a
    // cookie of this page's.
    document.cookie = 'csrftoken=this-pages-own';
    const server = mockGraphQL({ Authorization: authorizationResult('b2b-7') });
    const { context } = setup();

    await expect(signInWithPassword(context, 'senior@acme.test', 'Demo 1234&x')).resolves.toBe('b2b-7');

    const [csrf, login, jwt] = server.restCalls;
    expect(csrf).toMatchObject({ method: 'GET', url: 'https://shop.helix.test/api/v2/csrf-token', credentials: 'include' });
    expect(login).toMatchObject({
      method: 'POST',
      url: 'https://shop.helix.test/login/',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded', 'X-CSRFToken': MOCK_CSRF_TOKEN },
    });
    expect(Object.fromEntries(new URLSearchParams(login!.body!))).toEqual({ email: 'senior@acme.test', password: 'Demo 1234&x' });
    expect(jwt).toMatchObject({ method: 'GET', path: '/customer/current.jwt', credentials: 'include' });
    expect(new URL(jwt!.url).searchParams.toString()).toBe('app_client_id=helix-buyer-portal&channel_id=2');
    expect(server.callsTo('Authorization')[0]!.variables).toEqual({ authData: { bcToken: 'customer-jwt-1', channelId: 2 } });
  });

  it('on the storefront’s own origin, sends the page’s CSRF cookie, or asks for a token when the page has none', async () => {
    const sameOrigin = { ...CONFIG, apiOrigin: window.location.origin };
    document.cookie = 'csrftoken=csrf-abc';
    let server = mockGraphQL({});
    await signInWithPassword({ ...setup().context, config: sameOrigin }, 'senior@acme.test', 'Demo1234');
    expect(server.restCalls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual(['POST /login/', 'GET /customer/current.jwt']);
    expect(server.restCallsTo('POST', '/login/')[0]!.headers['X-CSRFToken']).toBe('csrf-abc');

    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    expect(readCookie('csrftoken')).toBeNull();
    server = mockGraphQL({});
    await signInWithPassword({ ...setup().context, config: sameOrigin }, 'senior@acme.test', 'Demo1234');
    expect(server.restCalls.map((call) => `${call.method} ${call.path}`).slice(0, 2)).toEqual(['GET /api/v2/csrf-token', 'POST /login/']);
    expect(server.restCallsTo('POST', '/login/')[0]!.headers['X-CSRFToken']).toBe(MOCK_CSRF_TOKEN);
  });

  it('sends an empty token when none can be had: the server refuses the sign-in and says so', async () => {
    const server = mockGraphQL({}, { rest: { 'GET /api/v2/csrf-token': { status: 500, body: 'boom' }, 'POST /login/': { status: 403, body: '<h1>CSRF verification failed</h1>' } } });
    await expect(signInWithPassword(setup().context, 'a@b.test', 'x')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
    expect(server.restCallsTo('POST', '/login/')[0]!.headers['X-CSRFToken']).toBe('');
  });

  it.each([
    [400, 'INVALID_CREDENTIALS'],
    [429, 'TOO_MANY_ATTEMPTS'],
    [403, 'PASSWORD_RESET_REQUIRED'],
  ])('a refused sign-in (%s %s) stops before the JWT', async (status, code) => {
    const server = mockGraphQL({}, { rest: { 'POST /login/': { status, body: restRefusalBody(status, code, 'No.') } } });
    const { context } = setup();
    await expect(signInWithPassword(context, 'a@b.test', 'x')).rejects.toMatchObject({ name: 'StorefrontSignInError', code });
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(0);
    expect(server.callsTo('Authorization')).toHaveLength(0);
  });

  it('passes on what an SSO_REQUIRED refusal adds: the organisation’s start page and its name (issue 40)', async () => {
    const body = restRefusalBody(403, 'SSO_REQUIRED', 'No.');
    body.errors[0]!.extensions = { code: 'SSO_REQUIRED', startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login' } as typeof body.errors[0]['extensions'];
    mockGraphQL({}, { rest: { 'POST /login/': { status: 403, body } } });
    await expect(signInWithPassword(setup().context, 'a@nu.test', 'x')).rejects.toMatchObject({
      name: 'StorefrontSignInError',
      code: 'SSO_REQUIRED',
      extensions: { startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login' },
    });
  });

  it('abandons the sign-in when the customer JWT cannot be fetched (shell §4)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = mockGraphQL({}, { rest: { 'GET /customer/current.jwt': { status: 500, body: 'boom' } } });
    const { context } = setup();
    await expect(signInWithPassword(context, 'a@b.test', 'x')).rejects.toMatchObject({ name: 'StorefrontSignInError', code: 'SIGN_IN_INCOMPLETE' });
    expect(server.callsTo('Authorization')).toHaveLength(0);
  });

  it('a storefront that cannot be reached is a network error; a page that is not JSON an unexpected response', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { context } = setup();
    await expect(signInWithPassword(context, 'a@b.test', 'x')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });

    mockGraphQL({}, { rest: { 'POST /login/': { status: 403, body: '<h1>CSRF verification failed</h1>' } } });
    await expect(signInWithPassword(context, 'a@b.test', 'x')).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' });
  });

  it('passes a refused exchange on without a toast', async () => {
    const server = mockGraphQL({
      Authorization: { errors: [{ message: 'Your sign-in could not be completed.', extensions: { code: 'INVALID_CUSTOMER_TOKEN' } }] },
    });
    const { context, onError } = setup();
    await expect(signInWithPassword(context, 'a@b.test', 'x')).rejects.toMatchObject({ code: 'INVALID_CUSTOMER_TOKEN' });
    expect(onError).not.toHaveBeenCalled();
    expect(server.callsTo('Authorization')).toHaveLength(1);
  });
});

describe('taking over a storefront session', () => {
  it('exchanges the JWT of a customer signed in on the storefront', async () => {
    mockGraphQL({ Authorization: authorizationResult('b2b-9') }, { storefrontSignedIn: true });
    await expect(exchangeStorefrontSession(setup().context)).resolves.toBe('b2b-9');
  });

  it('is null when nobody is signed in there (401) or the hand-over fails', async () => {
    const server = mockGraphQL({});
    await expect(exchangeStorefrontSession(setup().context)).resolves.toBeNull();
    expect(server.callsTo('Authorization')).toHaveLength(0);

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockGraphQL({ Authorization: { errors: [{ message: 'No', extensions: { code: 'INVALID_CUSTOMER_TOKEN' } }] } }, { storefrontSignedIn: true });
    await expect(exchangeStorefrontSession(setup().context)).resolves.toBeNull();
  });
});

describe('a super admin signing in while a masquerade of theirs is open elsewhere (issue 36)', () => {
  it('notes the masquerade the sign-in joined, for the notice on arrival, and forgets it on a sign-in that joined none', async () => {
    const joined = { id: 3, companyName: 'Acme Labs', beganAt: '2026-12-04T09:30:00+00:00' };
    const answer = { data: { authorization: { result: { token: 'b2b-9', loginType: 2, permissions: [], masquerade: joined } } } };
    const server = mockGraphQL({ Authorization: answer }, { storefrontSignedIn: true });

    await expect(exchangeStorefrontSession(setup().context)).resolves.toBe('b2b-9');
    expect(server.callsTo('Authorization')[0]!.query).toContain('masquerade');
    expect(joinedMasquerade()).toEqual({ companyId: 3, companyName: 'Acme Labs', beganAt: '2026-12-04T09:30:00+00:00' });

    mockGraphQL({ Authorization: authorizationResult('b2b-10') });
    await signInWithPassword(setup().context, 'superadmin@demo.test', 'x');
    expect(joinedMasquerade()).toBeNull();
  });
});

describe('signing out everywhere', () => {
  it('revokes the token and ends the storefront session, in parallel', async () => {
    const server = mockGraphQL({ Logout: { data: { logout: { result: { message: 'Signed out.' } } } } }, { storefrontSignedIn: true });
    await signOutEverywhere(setup().context, 'tok-1');
    expect(server.callsTo('Logout')[0]!.headers.Authorization).toBe('Bearer tok-1');
    expect(server.restCallsTo('POST', '/logout/')[0]).toMatchObject({
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-CSRFToken': MOCK_CSRF_TOKEN },
    });
    expect(server.storefrontSignedIn()).toBe(false);
  });

  it('never fails, even when the server refuses both', async () => {
    const server = mockGraphQL(
      { Logout: { errors: [{ message: 'Your session has expired.', extensions: { code: 40101 } }] } },
      { rest: { 'POST /logout/': { status: 500, body: 'boom' } } },
    );
    const { context, onError } = setup();
    await expect(signOutEverywhere(context, 'expired')).resolves.toBeUndefined();
    await expect(signOutEverywhere(context, null)).resolves.toBeUndefined();
    expect(server.callsTo('Logout')).toHaveLength(1);
    expect(onError).not.toHaveBeenCalled();
  });
});
