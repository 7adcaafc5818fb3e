import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../lib/quoteDraftKey';
import { subscribeQuoteDraftChanges } from '../lib/quoteDraftEvents';
import { B2B_TOKEN_STORAGE_KEY } from '../lib/storage';
import { setStorefrontToken } from '../lib/storefrontTokenHeader';
import { customer, customerResult, mockGraphQL } from '../test/graphqlMock';
import { HeadlessError, headlessOperations } from './operations';

// Issue 22: the headless API's calls are the overlay's own operations, under the server's rules; a refusal rejects
// with the server's code and message.

const CONFIG = { apiOrigin: 'https://api.helix.test', channelId: 2, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

const signIn = (token = 'tok-1') => window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, token);

afterEach(() => {
  window.localStorage.clear();
  setStorefrontToken({ apiOrigin: CONFIG.apiOrigin });
});

test('a guest’s products go into their draft, whose key they keep; the change is announced', async () => {
  const server = mockGraphQL({
    HeadlessQuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: 'guest-key', products: [{ id: 1 }] } } } },
  });
  setStorefrontToken({ apiOrigin: CONFIG.apiOrigin, storefrontToken: 'sft-raw' });
  const heard = vi.fn();
  const stop = subscribeQuoteDraftChanges(heard);

  const result = await headlessOperations(CONFIG).addProductsToQuote([{ sku: 'HS-1001-100ML', quantity: 4 }, { productId: 12, options: [{ optionId: 3, value: '9' }] }]);
  stop();

  expect(result).toEqual({ message: 'Product was added to your quote.', lineCount: 1 });
  const [call] = server.calls;
  expect(call!.variables).toEqual({
    draftKey: null,
    channelId: 2,
    lines: [
      { productId: null, variantId: null, sku: 'HS-1001-100ML', quantity: 4, options: [] },
      { productId: 12, variantId: null, sku: null, quantity: 1, options: [{ optionId: 3, value: '9' }] },
    ],
  });
  expect(call!.headers['X-Storefront-Token']).toBe('sft-raw');
  expect(call!.headers).not.toHaveProperty('Authorization');
  expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBe('guest-key');
  expect(heard).toHaveBeenCalledWith({ operation: 'quoteDraftAddLines' });
});

test('a signed-in user’s earlier guest draft is claimed first, as the storefront’s buttons do', async () => {
  const server = mockGraphQL({
    HeadlessQuoteDraftClaim: { data: { quoteDraftClaim: { message: 'ok' } } },
    HeadlessQuoteDraftAddLines: { data: { quoteDraftAddLines: { message: 'Product was added to your quote.', draft: { draftKey: null, products: [{ id: 1 }, { id: 2 }] } } } },
  });
  signIn();
  window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'guest-key');

  await expect(headlessOperations(CONFIG).addProductsToQuote([{ sku: 'HS-1001-100ML' }])).resolves.toMatchObject({ lineCount: 2 });

  expect(server.calls.map((call) => call.operationName)).toEqual(['HeadlessQuoteDraftClaim', 'HeadlessQuoteDraftAddLines']);
  expect(server.calls[0]!.variables).toEqual({ draftKey: 'guest-key' });
  expect(server.calls[1]!.headers.Authorization).toBe('Bearer tok-1');
  expect(window.localStorage.getItem(QUOTE_DRAFT_KEY_STORAGE_KEY)).toBeNull();
});

test('a refusal rejects with the server’s code, message and fields, and announces nothing', async () => {
  mockGraphQL({
    HeadlessQuoteDraftAddLines: {
      errors: [{ message: 'The quantity of each product in Quote is 1-1000000.', extensions: { code: 'QUOTE_QUANTITY_OUT_OF_RANGE', fields: { 'lines.0.quantity': ['Too many.'] } } }],
    },
  });
  signIn();
  const heard = vi.fn();
  const stop = subscribeQuoteDraftChanges(heard);

  const error = await headlessOperations(CONFIG).addProductsToQuote([{ sku: 'HS-1001-100ML', quantity: 2_000_000 }]).catch((rejection: unknown) => rejection);
  stop();

  expect(error).toBeInstanceOf(HeadlessError);
  expect(error).toMatchObject({
    name: 'HelixPortalError',
    code: 'QUOTE_QUANTITY_OUT_OF_RANGE',
    message: 'The quantity of each product in Quote is 1-1000000.',
    fields: { 'lines.0.quantity': ['Too many.'] },
  });
  expect(heard).not.toHaveBeenCalled();
});

test('no answer at all is a network error', async () => {
  vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
  signIn();

  await expect(headlessOperations(CONFIG).addProductsToQuote([{ sku: 'X' }])).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
});

test('the current user is the server’s customerInfo; a guest is null without asking', async () => {
  const server = mockGraphQL({ CustomerInfo: customerResult() });

  await expect(headlessOperations(CONFIG).getCurrentUser()).resolves.toBeNull();
  expect(server.calls).toHaveLength(0);

  signIn();
  await expect(headlessOperations(CONFIG).getCurrentUser()).resolves.toEqual({
    id: 7,
    email: 'senior@acme.test',
    firstName: 'Sam',
    lastName: 'Senior',
    role: 1,
    companyRoleName: 'Senior Buyer',
    permissions: expect.arrayContaining([{ code: 'create_quote', level: 2 }]),
    company: { id: 3, name: 'Acme Labs', status: 1 },
    masquerade: null,
  });
});

test('a company user’s products go into the company list; an individual customer’s into their own', async () => {
  const listAnswer = { message: 'Products were added.', shoppingList: { id: 4, name: 'Lab', status: 30 } };
  let role = 2;
  const server = mockGraphQL({
    CustomerInfo: () => customerResult(customer({ role })),
    HeadlessShoppingListsItemsCreate: { data: { shoppingListsItemsCreate: listAnswer } },
    HeadlessCustomerShoppingListsItemsCreate: { data: { customerShoppingListsItemsCreate: listAnswer } },
  });
  signIn();

  await expect(headlessOperations(CONFIG).addProductsToShoppingList(4, [{ productId: 12, quantity: 2, note: 'cold room', options: [{ optionId: 3, value: '9' }] }])).resolves.toEqual(
    listAnswer,
  );
  role = 99;
  await headlessOperations(CONFIG).addProductsToShoppingList(5, [{ sku: 'HS-1001-100ML' }]);

  const writes = server.calls.filter((call) => call.operationName !== 'CustomerInfo');
  expect(writes.map((call) => call.operationName)).toEqual(['HeadlessShoppingListsItemsCreate', 'HeadlessCustomerShoppingListsItemsCreate']);
  expect(writes[0]!.variables).toEqual({
    shoppingListId: 4,
    items: [{ productId: 12, variantId: null, sku: null, quantity: 2, options: [{ optionId: 3, optionValue: '9' }], productNote: 'cold room' }],
  });
});

test('a super admin masquerades and stops, with the user as they then are', async () => {
  let acting = false;
  const admin = () => ({
    ...customer({ role: 3, companyInfo: null, permissions: [] }), // the server's code for any super admin
    masquerade: acting ? { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: null } : null,
  });
  const server = mockGraphQL({
    CustomerInfo: () => customerResult(admin()),
    SuperAdminBeginMasquerade: () => {
      acting = true;
      return { data: { superAdminBeginMasquerade: admin().masquerade } };
    },
    SuperAdminEndMasquerade: () => {
      acting = false;
      return { data: { superAdminEndMasquerade: { id: 3, isAgenting: false, companyName: 'Acme Labs', customerGroupId: null } } };
    },
  });
  signIn();
  const operations = headlessOperations(CONFIG);

  await expect(operations.beginMasquerade(3)).resolves.toMatchObject({ role: 3, company: { id: 3, name: 'Acme Labs', status: null }, masquerade: { companyId: 3, companyName: 'Acme Labs' } });
  await expect(operations.endMasquerade()).resolves.toMatchObject({ role: 4, company: null, masquerade: null });
  await expect(operations.endMasquerade()).rejects.toMatchObject({ code: 'NOT_MASQUERADING' });

  expect(server.calls.find((call) => call.operationName === 'SuperAdminEndMasquerade')!.variables).toEqual({ companyId: 3 });
});

test('a masquerade the server refuses rejects with its code', async () => {
  mockGraphQL({ SuperAdminBeginMasquerade: { errors: [{ message: 'Only super admins may masquerade.', extensions: { code: 'PERMISSION_DENIED' } }] } });
  signIn();

  await expect(headlessOperations(CONFIG).beginMasquerade(3)).rejects.toMatchObject({ code: 'PERMISSION_DENIED', message: 'Only super admins may masquerade.' });
});
