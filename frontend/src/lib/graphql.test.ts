import { mockGraphQL } from '../test/graphqlMock';
import { GraphQLRequestError, NETWORK_ERROR_CODE, createGraphQLClient, graphqlOperation, jsonObject } from './graphql';
import { B2B_TOKEN_STORAGE_KEY, getB2BToken, setB2BToken } from './session';

const PING = graphqlOperation<{ ping: string }>('query Ping { ping }');
const SAVE = graphqlOperation<{ save: boolean }, { name: string }>('mutation Save($name: String!) { save(name: $name) }');

function setup() {
  const onError = vi.fn();
  const onSessionExpired = vi.fn();
  const client = createGraphQLClient({ apiOrigin: 'https://api.helix.test/', onError, onSessionExpired });
  return { client, onError, onSessionExpired };
}

const settled = (promise: Promise<unknown>) =>
  Promise.race([promise.then(() => 'resolved', () => 'rejected'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);

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
    mockGraphQL({ Ping: { errors: [{ message: 'Your session has expired.', extensions: { code: 40101 } }] } });
    setB2BToken('expired');
    const { client, onError, onSessionExpired } = setup();

    const first = client.request(PING);
    const second = client.request(PING);

    expect(await settled(first)).toBe('pending');
    expect(await settled(second)).toBe('pending');
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
