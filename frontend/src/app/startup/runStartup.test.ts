import { getToasts } from '../../components/toast/toastStore';
import { createGraphQLClient } from '../../lib/graphql';
import { SHELL_PART } from '../../lib/i18n/catalogParts';
import { portalCatalogs } from '../../lib/i18n/portalCatalogs';
import { createTranslationStore } from '../../lib/i18n/translations';
import { PURCHASE_ENABLED_STORAGE_KEY } from '../../lib/storage';
import { getB2BToken, sessionEndReason, setB2BToken } from '../../lib/session';
import { CUSTOMER_INFO_QUERY_KEY } from '../../lib/user/customerInfo';
import { customer, customerResult, featureFlags, mockGraphQL, storeInfo, type GraphQLResult } from '../../test/graphqlMock';
import { TEST_CONFIG } from '../../test/renderPortal';
import { createPortalQueryClient } from '../queryClient';
import { TRANSLATIONS_TIMEOUT_MS, runStartup } from './runStartup';

// Issue 21: the start-up's one GraphQL request, answering what these six documents ask (test/graphqlMock.ts).
const STARTUP_PARTS = ['StoreBasicInfo', 'StorefrontConfig', 'StorefrontConfigs', 'Currencies', 'TaxZoneRates'];

interface Held {
  label: string;
  release(): void;
}

/**
 * Holds every request until the test releases it, recording the order in which they were issued. Answers come
 * from a mockGraphQL server.
 */
function holdRequests(handlers: Record<string, GraphQLResult>, options: Parameters<typeof mockGraphQL>[1] = {}) {
  const server = mockGraphQL(handlers, options);
  const answer = server.fetchMock.getMockImplementation()!;
  const held: Held[] = [];
  const settled: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      const label = url.pathname.endsWith('/graphql')
        ? (/\b(?:query|mutation)\s+(\w+)/.exec(String(JSON.parse(String(init?.body)).query))?.[1] ?? '?')
        : `${init?.method ?? 'GET'} ${url.pathname}`;
      return new Promise<Response>((resolve) => {
        held.push({
          label,
          release: () => {
            settled.push(label);
            resolve(answer(input, init) as Promise<Response>);
          },
        });
      });
    }),
  );
  const releaseAll = async () => {
    // Answers may lead to more requests (a second round): release until nothing is held.
    for (let round = 0; round < 10; round += 1) {
      const batch = held.splice(0);
      batch.forEach((request) => request.release());
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { server, held, settled, releaseAll, labels: () => held.map((request) => request.label) };
}

function start(pathname = '/accountSettings', search = '') {
  const queryClient = createPortalQueryClient();
  const onSessionExpired = vi.fn();
  const client = createGraphQLClient({ apiOrigin: TEST_CONFIG.apiOrigin, onError: vi.fn(), onSessionExpired });
  const translations = createTranslationStore({ apiOrigin: TEST_CONFIG.apiOrigin });
  const promise = runStartup({ queryClient, client, config: TEST_CONFIG, translations, initialLocation: { pathname, search }, languages: ['en-US'] });
  return { promise, queryClient, translations, onSessionExpired };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('start-up (shell §4, ARCHITECTURE §6)', () => {
  it('signed in: issues every start-up request in one round, before any answer arrives', async () => {
    setB2BToken('tok');
    const requests = holdRequests({ CustomerInfo: customerResult() });
    const { promise, queryClient } = start('/accountSettings');
    await flush();

    expect(requests.settled).toEqual([]);
    expect(requests.labels().sort()).toEqual(
      ['PortalStartup', 'GET /storefront/translation/helix01/1/global', 'GET /storefront/translation/helix01/1/accountSettings'].sort(),
    );

    await requests.releaseAll();
    await expect(promise).resolves.toMatchObject({ enabled: true, language: 'en' });
    // One GraphQL request: the store-wide part and the customer.
    const [call, ...others] = requests.server.calls;
    expect(others).toEqual([]);
    expect(call).toMatchObject({ operationName: 'PortalStartup', variables: { channelId: 1, withStore: true, withCustomer: true } });
    expect(call!.parts).toEqual([...STARTUP_PARTS, 'CustomerInfo']);
    expect(call!.headers.Authorization).toBe('Bearer tok');
    expect(queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toMatchObject({ userInfo: { email: 'senior@acme.test' } });
    expect(window.sessionStorage.getItem(PURCHASE_ENABLED_STORAGE_KEY)).toBe('1');
  });

  it('as a guest: asks the storefront for a signed-in customer in the same round', async () => {
    const requests = holdRequests({});
    const { promise } = start('/login');
    await flush();
    expect(requests.labels().sort()).toEqual(
      [
        'PortalStartup',
        'GET /customer/current.jwt',
        'GET /storefront/translation/helix01/1/global',
        'GET /storefront/translation/helix01/1/login',
      ].sort(),
    );
    await requests.releaseAll();
    await promise;
    // The customer is left out of the request.
    expect(requests.server.calls.map((call) => [call.variables, call.parts])).toEqual([
      [{ channelId: 1, withStore: true, withCustomer: false }, STARTUP_PARTS],
    ]);
    expect(getB2BToken()).toBeNull();
    expect(requests.server.callsTo('Authorization')).toHaveLength(0);
  });

  it('takes over a customer signed in on the storefront (their own sign-in page)', async () => {
    const server = mockGraphQL({ CustomerInfo: customerResult(customer({ role: 0 })) }, { storefrontSignedIn: true });
    const { promise, queryClient } = start('/accountSettings');
    await promise;
    expect(getB2BToken()).toBe('b2b-token-1');
    expect(server.callsTo('CustomerInfo')[0]!.headers.Authorization).toBe('Bearer b2b-token-1');
    expect(queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toMatchObject({ userInfo: { role: 0 } });
  });

  it('a take-over landing after the user signed in on the page keeps the session that sign-in began', async () => {
    const requests = holdRequests({ CustomerInfo: customerResult() }, { storefrontSignedIn: true });
    const { promise } = start('/login');
    await flush();
    // The user signs in with the form while the take-over is still on its way.
    setB2BToken('signed-in-with-the-form');
    await requests.releaseAll();
    await promise;

    expect(getB2BToken()).toBe('signed-in-with-the-form');
    expect(requests.server.callsTo('CustomerInfo')).toHaveLength(0);
  });

  it('puts each part under its own query’s key, and a reopening within the stale time asks nothing again', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult() });
    const { promise, queryClient } = start('/accountSettings');
    await promise;
    expect(queryClient.getQueryData(['storeBasicInfo'])).toEqual(storeInfo());
    expect(queryClient.getQueryData(['storefrontConfig'])).toEqual(featureFlags());
    expect(queryClient.getQueryData(['storefrontConfigs', 1])).toMatchObject({ quote_for_guest: { value: '1', extraFields: {} } });
    expect(queryClient.getQueryData(['currencies', 1])).toMatchObject([{ currencyCode: 'USD' }]);
    expect(queryClient.getQueryData(['taxZoneRates'])).toEqual([]);
    expect(queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toMatchObject({ userInfo: { email: 'senior@acme.test' } });

    const translations = createTranslationStore({ apiOrigin: TEST_CONFIG.apiOrigin });
    const client = createGraphQLClient({ apiOrigin: TEST_CONFIG.apiOrigin, onError: vi.fn(), onSessionExpired: vi.fn() });
    const again = runStartup({ queryClient, client, config: TEST_CONFIG, translations, initialLocation: { pathname: '/orders', search: '' }, languages: ['en-US'] });
    await expect(again).resolves.toMatchObject({ enabled: true });
    expect(server.calls).toHaveLength(1);
  });

  it('an expired session is a partial answer: the store part is used, the customer part ends as a guest', async () => {
    setB2BToken('expired');
    const expired = { message: 'Your session has expired. Please sign in again.', path: ['customerInfo'], extensions: { code: 40101 } };
    // What the server answers (tests/portal/test_startup_cache.py): the store fields, customerInfo null, its error.
    const answer = {
      data: { storeBasicInfo: storeInfo(), storefrontConfig: featureFlags(), storefrontConfigs: [], currencies: [], taxZoneRates: [], customerInfo: null },
      errors: [expired],
    };
    const server = mockGraphQL({ PortalStartup: answer });
    const { promise, queryClient, onSessionExpired } = start('/accountSettings');
    await expect(promise).resolves.toMatchObject({ enabled: true, store: { storeName: 'Helix Scientific' } });
    expect(server.calls).toHaveLength(1);
    expect(getB2BToken()).toBeNull();
    expect(sessionEndReason()).toBe('expired');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Your session has expired. Please sign in again.']);
    expect(queryClient.getQueryData(['storefrontConfigs', 1])).toEqual({});
    expect(queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toBeUndefined();
  });

  it('a failed store part fails start-up as before, reported once; the customer part follows it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setB2BToken('tok');
    const notFound = { errors: [{ message: 'Channel 1 does not exist.', extensions: { code: 'NOT_FOUND' } }] };
    mockGraphQL({ StorefrontConfigs: notFound, CustomerInfo: customerResult() });
    const queryClient = createPortalQueryClient();
    const onError = vi.fn();
    const client = createGraphQLClient({ apiOrigin: TEST_CONFIG.apiOrigin, onError, onSessionExpired: vi.fn() });
    const translations = createTranslationStore({ apiOrigin: TEST_CONFIG.apiOrigin });
    const promise = runStartup({ queryClient, client, config: TEST_CONFIG, translations, initialLocation: { pathname: '/accountSettings', search: '' }, languages: ['en-US'] });

    await expect(promise).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(onError.mock.calls.map(([error]) => (error as { code: string }).code)).toEqual(['NOT_FOUND']);
    expect(queryClient.getQueryData(['storeBasicInfo'])).toBeUndefined();
    // The answer was nulled by the store's failure: the customer was not loaded either (shell §2 session check).
    expect(getB2BToken()).toBeNull();
    expect(sessionEndReason()).toBe('lost');
  });

  it('an expired token ends as a guest instead of hanging, and says why', async () => {
    setB2BToken('expired');
    mockGraphQL({ CustomerInfo: { errors: [{ message: 'Your session has expired. Please sign in again.', extensions: { code: 40101 } }] } });
    const { promise, onSessionExpired } = start('/accountSettings');
    await expect(promise).resolves.toMatchObject({ enabled: true });
    expect(getB2BToken()).toBeNull();
    expect(sessionEndReason()).toBe('expired');
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(getToasts().map((toast) => toast.message)).toEqual(['Your session has expired. Please sign in again.']);
  });

  it('a failed customer load clears the session, except on the guest-allowed pages (shell §2 session check)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const failing = { CustomerInfo: { errors: [{ message: 'Temporarily unavailable', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } };

    setB2BToken('tok');
    mockGraphQL(failing);
    await start('/accountSettings').promise;
    expect(getB2BToken()).toBeNull();
    expect(sessionEndReason()).toBe('lost');

    setB2BToken('tok');
    mockGraphQL(failing);
    await start('/forgotpassword').promise;
    expect(getB2BToken()).toBe('tok');
  });

  it('issue 36: an outage (the database or cache down, the server unreachable) fails start-up and keeps the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const unavailable = {
      errors: [{ message: 'This is not available right now. Please try again in a minute.', extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 30 } }],
    };

    setB2BToken('tok');
    mockGraphQL({ StorefrontConfigs: unavailable, CustomerInfo: unavailable });
    await expect(start('/accountSettings').promise).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(getB2BToken()).toBe('tok');

    mockGraphQL({ CustomerInfo: unavailable });
    await expect(start('/accountSettings').promise).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(getB2BToken()).toBe('tok');

    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(start('/accountSettings').promise).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(getB2BToken()).toBe('tok');
  });

  it('arriving "signed out" (/login?loginFlag=3) ends both sessions and takes nobody over', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ Logout: { data: { logout: { result: { message: 'Signed out.' } } } } }, { storefrontSignedIn: true });
    await start('/login', '?loginFlag=3').promise;
    expect(server.callsTo('Logout')[0]!.headers.Authorization).toBe('Bearer tok');
    expect(server.restCallsTo('POST', '/logout/')).toHaveLength(1);
    expect(server.restCallsTo('GET', '/customer/current.jwt')).toHaveLength(0);
    expect(server.callsTo('CustomerInfo')).toHaveLength(0);
    expect(server.storefrontSignedIn()).toBe(false);
    expect(getB2BToken()).toBeNull();
  });

  it('issue 36: /login?loginFlag=7 does not end a session (flag 7 is for guests; flag 3 signs out)', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ Logout: { data: { logout: { result: { message: 'Signed out.' } } } } }, { storefrontSignedIn: true });
    await start('/login', '?loginFlag=7').promise;
    expect(server.callsTo('Logout')).toHaveLength(0);
    expect(server.restCallsTo('POST', '/logout/')).toHaveLength(0);
    expect(server.callsTo('CustomerInfo')).toHaveLength(1);
    expect(getB2BToken()).toBe('tok');
  });

  it('issue 36: an invoice link opened by an individual customer or a super admin keeps their session', async () => {
    const logout = { data: { logout: { result: { message: 'Signed out.' } } } };
    for (const role of [99, 3, 0]) {
      for (const path of ['/invoice', '/multi-invoice', '/invoiceDetail/5', '/payment/5']) {
        setB2BToken('tok');
        const server = mockGraphQL({ CustomerInfo: customerResult(customer({ role, permissions: [] })), Logout: logout });
        await start(path).promise;
        const outcome = { role, path, logouts: server.callsTo('Logout').length + server.restCallsTo('POST', '/logout/').length, token: getB2BToken() };
        expect(outcome).toEqual({ role, path, logouts: 0, token: 'tok' });
      }
    }
  });

  it('issue 36: an invoice link takes over an individual customer signed in on the storefront, as any page does', async () => {
    const server = mockGraphQL({ CustomerInfo: customerResult(customer({ role: 99, permissions: [] })) }, { storefrontSignedIn: true });
    await start('/payment/5').promise;
    expect(server.callsTo('Authorization')).toHaveLength(1);
    expect(getB2BToken()).not.toBeNull();
  });

  it('asks for the catalog’s shell part and the first page’s parts in its first round, and waits for them', async () => {
    const requests = holdRequests({});
    let arrive = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const load = vi.spyOn(portalCatalogs, 'load').mockImplementation(async (language) => {
      await arrived;
      return portalCatalogs.catalog(language);
    });
    const { promise } = start('/quotes');
    await flush();
    expect(requests.settled).toEqual([]);
    expect(load.mock.calls).toEqual([['en', [SHELL_PART, 'quotes']]]);

    let done = false;
    void promise.then(() => (done = true));
    await requests.releaseAll();
    expect(done).toBe(false);
    // The resolved language's shell part (whose failure ends start-up), and the page's parts with it.
    expect(load.mock.calls.slice(1)).toEqual([['en', undefined], ['en', [SHELL_PART, 'quotes']]]);
    arrive();
    await expect(promise).resolves.toMatchObject({ enabled: true, language: 'en' });
  });

  it('waits at most the persisted-state timeout for the store’s texts', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockGraphQL({}, { rest: { 'GET /storefront/translation/helix01/1/global': () => new Promise(() => undefined) } });
    const { promise } = start('/login');
    let done = false;
    void promise.then(() => (done = true));
    await vi.advanceTimersByTimeAsync(TRANSLATIONS_TIMEOUT_MS - 100);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(true);
    vi.useRealTimers();
  });
});
