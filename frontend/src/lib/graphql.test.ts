import { mockGraphQL } from '../test/graphqlMock';
import { GraphQLRequestError, NETWORK_ERROR_CODE, createGraphQLClient, graphqlOperation, jsonObject } from './graphql';
import { quoteDraftMutationOf, subscribeQuoteDraftChanges } from './quoteDraftEvents';
import { B2B_TOKEN_STORAGE_KEY, getB2BToken, setB2BToken } from './session';
import { cartOperation } from './storefrontCart';
import { platformOf, setStorefrontPlatform } from './storefrontPlatform';
import { setStorefrontToken } from './storefrontTokenHeader';

const PING = graphqlOperation<{ ping: string }>('query Ping { ping }');
const SAVE = graphqlOperation<{ save: boolean }, { name: string }>('mutation Save($name: String!) { save(name: $name) }');

function setup() {
  const onError = vi.fn();
  const onSessionExpired = vi.fn();
  const client = createGraphQLClient({ apiOrigin: 'https://api.helix.test/', onError, onSessionExpired });
  return { client, onError, onSessionExpired };
}

/** A promise's state as it goes: 'pending' until it resolves or rejects. */
function stateOf(promise: Promise<unknown>): { current: 'pending' | 'resolved' | 'rejected' } {
  const state = { current: 'pending' as 'pending' | 'resolved' | 'rejected' };
  promise.then(() => (state.current = 'resolved'), () => (state.current = 'rejected'));
  return state;
}

/** A fetch whose answers are ready at once (no I/O): a request's whole handling then runs in promise callbacks. */
function answeringFetch(body: unknown) {
  return vi.fn(async () => ({ status: 200, json: async () => body }) as Response);
}

/** Runs every promise callback queued so far, and the ones they queue (a task runs only once they are all done). */
const promiseCallbacksDone = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('GraphQL client', () => {
  it('posts the query and variables as JSON to <apiOrigin>/graphql', async () => {
    const server = mockGraphQL({ Save: (variables) => ({ data: { save: variables.name === 'Acme' } }) });
    const { client } = setup();

    await expect(client.request(SAVE, { name: 'Acme' })).resolves.toEqual({ save: true });

    expect(server.fetchMock).toHaveBeenCalledWith('https://api.helix.test/graphql', expect.objectContaining({ method: 'POST' }));
    expect(server.calls[0]).toMatchObject({ variables: { name: 'Acme' }, headers: { 'Content-Type': 'application/json' } });
  });

  it('attaches the B2B token as a bearer token when there is one', async () => {
    const server = mockGraphQL({ Ping: { data: { ping: 'pong' } } });
    const { client } = setup();

    await client.request(PING);
    setB2BToken('tok-123');
    await client.request(PING);

    expect(server.calls[0]!.headers).not.toHaveProperty('Authorization');
    expect(server.calls[1]!.headers.Authorization).toBe('Bearer tok-123');
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBe('tok-123');
  });

  it('on 40101 clears the token, reports the expired session once and never settles (shell §8)', async () => {
    const fetch = answeringFetch({ errors: [{ message: 'Your session has expired.', extensions: { code: 40101 } }] });
    setB2BToken('expired');
    const onError = vi.fn();
    const onSessionExpired = vi.fn();
    const client = createGraphQLClient({ apiOrigin: 'https://api.helix.test/', onError, onSessionExpired, fetch });

    const first = stateOf(client.request(PING));
    const second = stateOf(client.request(PING));
    await promiseCallbacksDone();

    // Both answers have been handled (the session is over), and neither request settled: no clock decides this.
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(first.current).toBe('pending');
    expect(second.current).toBe('pending');
    expect(getB2BToken()).toBeNull();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onSessionExpired.mock.calls[0]![0]).toMatchObject({ code: 40101, message: 'Your session has expired.' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('reports other errors and rejects with a typed error carrying code and fields', async () => {
    mockGraphQL({
      Save: {
        errors: [
          {
            message: 'Company name is required.',
            extensions: { code: 'VALIDATION_ERROR', fields: { companyName: ['This field is required.'] } },
          },
        ],
      },
    });
    const { client, onError } = setup();

    const error = await client.request(SAVE, { name: '' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect(error).toMatchObject({
      message: 'Company name is required.',
      code: 'VALIDATION_ERROR',
      fields: { companyName: ['This field is required.'] },
    });
    expect(onError).toHaveBeenCalledWith(error);
  });

  it('reads the field errors’ codes beside their messages (extensions.fieldCodes, issue 14)', async () => {
    mockGraphQL({
      Save: {
        errors: [
          {
            message: 'Enter a valid phone number.',
            extensions: {
              code: 'VALIDATION_ERROR',
              fields: { phoneNumber: ['Enter a valid phone number.'], first: ['Ask for at most 100 products at a time.'] },
              fieldCodes: { phoneNumber: ['invalid_phone'] },
            },
          },
        ],
      },
    });
    const { client } = setup();

    const error = await client.request(SAVE, { name: 'Acme' }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(GraphQLRequestError);
    expect((error as GraphQLRequestError).fieldCodes).toEqual({ phoneNumber: ['invalid_phone'] });
    expect((error as GraphQLRequestError).fields).toEqual({
      phoneNumber: ['Enter a valid phone number.'],
      first: ['Ask for at most 100 products at a time.'],
    });
  });

  it.each([
    ['no fieldCodes', undefined, {}],
    ['fieldCodes not an object', ['invalid_phone'], {}],
    ['a field without a list', { phoneNumber: 'invalid_phone', email: null }, {}],
    ['items that are not codes', { phoneNumber: [7, 'invalid_phone', null, { code: 'x' }] }, { phoneNumber: [null, 'invalid_phone', null, null] }],
  ])('tolerates an answer with %s', async (_case, fieldCodes, expected) => {
    mockGraphQL({
      Save: { errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { phoneNumber: ['Enter a valid phone number.', 3] }, fieldCodes } }] },
    });
    const { client } = setup();

    const error = (await client.request(SAVE, { name: 'Acme' }).catch((caught: unknown) => caught)) as GraphQLRequestError;

    expect(error.fieldCodes).toEqual(expected);
    // Messages and codes stay index for index: an item of the wrong kind is kept as an empty message.
    expect(error.fields).toEqual({ phoneNumber: ['Enter a valid phone number.', ''] });
  });

  it('does not report an error the caller shows itself', async () => {
    mockGraphQL({ Ping: { errors: [{ message: 'Denied', extensions: { code: 'PERMISSION_DENIED' } }] } });
    const { client, onError } = setup();

    await expect(client.request(PING, {}, { suppressErrorToast: true })).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    expect(onError).not.toHaveBeenCalled();
  });

  it('turns a failed fetch into a network error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    const { client, onError } = setup();

    await expect(client.request(PING)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE, isNetworkError: true });
    expect(onError).toHaveBeenCalledTimes(1);
  });
});

test('a JSON value is read as an object only when it is one', () => {
  expect(jsonObject({ colors: ['#fff'] })).toEqual({ colors: ['#fff'] });
  for (const value of [null, undefined, 'text', 3, true, ['#fff']]) expect(jsonObject(value)).toEqual({});
});

describe('issue 22: other storefronts', () => {
  const CREATE_CART = cartOperation(
    graphqlOperation<{ createCart: { entityId: string } }, { lines: number }>('mutation MakeCart($lines: Int!) { createCart(lines: $lines) { entityId } }'),
  );

  afterEach(() => {
    setStorefrontToken({ apiOrigin: 'https://api.helix.test' });
    setStorefrontPlatform('native', { storeHash: '', channelId: 0 });
  });

  it('names the page’s storefront token on every request', async () => {
    const server = mockGraphQL({ Ping: { data: { ping: 'pong' } } });
    setStorefrontToken({ apiOrigin: 'https://api.helix.test', storefrontToken: 'sft-raw' });
    const { client } = setup();

    await client.request(PING);

    expect(server.calls[0]!.headers['X-Storefront-Token']).toBe('sft-raw');
  });

  it('sends cart operations to /graphql on the built-in shop', async () => {
    const server = mockGraphQL({ MakeCart: { data: { createCart: { entityId: 'c-1' } } } });
    const { client } = setup();

    await client.request(CREATE_CART, { lines: 1 });

    expect(server.calls[0]!.url).toBe('https://api.helix.test/graphql');
  });

  it('sends them through the proxy on another storefront: with the store and channel for a guest, the bearer token else', async () => {
    const server = mockGraphQL({ MakeCart: { data: { createCart: { entityId: 'c-1' } } }, Ping: { data: { ping: 'pong' } } });
    setStorefrontPlatform(platformOf([{ channelId: 3, platform: 'other' }], 3), { storeHash: 'helix01', channelId: 3 });
    const { client } = setup();

    await client.request(CREATE_CART, { lines: 1 });
    setB2BToken('tok-1');
    await client.request(CREATE_CART, { lines: 2 });
    await client.request(PING); // not a cart operation: the API itself

    expect(server.calls.map((call) => call.url)).toEqual([
      'https://api.helix.test/api/v2/proxy/graphql',
      'https://api.helix.test/api/v2/proxy/graphql',
      'https://api.helix.test/graphql',
    ]);
    const bodies = server.fetchMock.mock.calls.map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ storeHash: 'helix01', channelId: 3, variables: { lines: 1 } });
    expect(bodies[1]).not.toHaveProperty('storeHash');
    expect(server.calls[1]!.headers.Authorization).toBe('Bearer tok-1');
  });

  it('a channel the store does not list, or lists as native, is the built-in shop', () => {
    expect(platformOf([{ channelId: 1, platform: 'native' }], 1)).toBe('native');
    expect(platformOf([{ channelId: 1, platform: 'other' }], 2)).toBe('native');
  });

  it('announces a successful change of the quote draft, and nothing else', async () => {
    mockGraphQL({
      QuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'ok' } } },
      Refused: { errors: [{ message: 'Denied', extensions: { code: 'PERMISSION_DENIED' } }] },
      Ping: { data: { ping: 'pong' } },
    });
    const heard = vi.fn();
    const stop = subscribeQuoteDraftChanges(heard);
    const { client } = setup();

    await client.request(graphqlOperation('mutation QuoteDraftAddLines($lines: [QuoteDraftLineInput!]!) { quoteDraftAddLines(lines: $lines) { message } }'), {});
    await client.request(PING);
    await expect(
      client.request(graphqlOperation('mutation Refused { quoteDraftSubmit(x: 1) { message } }'), {}, { suppressErrorToast: true }),
    ).rejects.toMatchObject({ code: 'PERMISSION_DENIED' });
    stop();

    expect(heard.mock.calls).toEqual([[{ operation: 'quoteDraftAddLines' }]]);
  });
});

test('the quote draft’s mutations are told from the rest by their field', () => {
  expect(quoteDraftMutationOf('mutation ShoppingListAddToQuote($lines: [QuoteDraftLineInput!]!) { quoteDraftAddLines(lines: $lines) { message } }')).toBe(
    'quoteDraftAddLines',
  );
  expect(quoteDraftMutationOf('mutation OrderAddToQuote { orderAddToQuote(orderId: 1) { message } }')).toBe('orderAddToQuote');
  expect(quoteDraftMutationOf('query QuoteDraft { quoteDraft(draftKey: null) { id } }')).toBeNull();
  expect(quoteDraftMutationOf('mutation X { quoteCheckout(quoteId: 1) { url } } fragment F on QuoteDraftPayload { message }')).toBeNull();
});

// Issue 21: the start-up's one operation of several root fields, whose failures are told apart.
describe('GraphQL client: requestPartial', () => {
  const BOTH = graphqlOperation<{ ping: string; me: { name: string } | null }>('query Both { ping me: startupMe { name } }');
  const expired = { message: 'Your session has expired.', path: ['me'], extensions: { code: 40101 } };

  it('answers the data of the fields that answered, and the failed fields’ errors by their response key', async () => {
    mockGraphQL({ Both: { data: { ping: 'pong', me: null }, errors: [{ message: 'Try again', path: ['me', 'name'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } });
    const { client, onError, onSessionExpired } = setup();

    const answer = await client.requestPartial(BOTH);

    expect(answer.data).toEqual({ ping: 'pong', me: null });
    expect(Object.keys(answer.fieldErrors)).toEqual(['me']);
    expect(answer.fieldErrors.me).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', message: 'Try again' });
    // Reported as `request` reports a failure: a toast.
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a field’s 40101 clears the token; with sessionExpired "reject" the answer still comes, without a redirect', async () => {
    mockGraphQL({ Both: { data: { ping: 'pong', me: null }, errors: [expired] } });
    setB2BToken('expired');
    const { client, onError, onSessionExpired } = setup();

    const answer = await client.requestPartial(BOTH, {}, { sessionExpired: 'reject' });

    expect(answer.data?.ping).toBe('pong');
    expect(answer.fieldErrors.me?.code).toBe(40101);
    expect(getB2BToken()).toBeNull();
    expect(onSessionExpired).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('a whole answer nulled by a non-null field comes with data null; a failure without a path rejects as request does', async () => {
    mockGraphQL({ Both: { data: null, errors: [{ message: 'No store', path: ['ping'], extensions: { code: 'NOT_FOUND' } }] } });
    const { client, onError } = setup();
    const nulled = await client.requestPartial(BOTH);
    expect(nulled).toMatchObject({ data: null, fieldErrors: { ping: { code: 'NOT_FOUND' } } });
    expect(onError).toHaveBeenCalledTimes(1);

    mockGraphQL({ Both: { errors: [{ message: 'Too complex', extensions: { code: 'QUERY_TOO_COMPLEX' } }] } });
    await expect(client.requestPartial(BOTH)).rejects.toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('offline'))));
    await expect(client.requestPartial(BOTH)).rejects.toMatchObject({ code: NETWORK_ERROR_CODE });
    expect(onError).toHaveBeenCalledTimes(3);
  });
});
