import { announceQuoteDraftChanged } from '../lib/quoteDraftEvents';
import { B2B_TOKEN_STORAGE_KEY, writeSessionValue } from '../lib/storage';
import { createHeadlessApi, HEADLESS_GLOBAL, HEADLESS_READY_EVENT, installHeadlessApi } from './install';
import type { HeadlessOperations } from './operations';
import type { HelixUser } from './types';

// Issue 22: window.helixPortal — the part in the loader's script (navigation, events, the lazy calls).

const CONFIG = { apiOrigin: 'https://api.helix.test', channelId: 1, storeHash: 'helix01', appClientId: 'helix-buyer-portal' };

const USER: HelixUser = {
  id: 7,
  email: 'senior@acme.test',
  firstName: 'Sam',
  lastName: 'Senior',
  role: 1,
  companyRoleName: 'Senior Buyer',
  permissions: [],
  company: { id: 3, name: 'Acme', status: 1 },
  masquerade: null,
};

function fakeOperations(overrides: Partial<HeadlessOperations> = {}): HeadlessOperations {
  return {
    getCurrentUser: vi.fn(async () => USER),
    addProductsToQuote: vi.fn(async () => ({ message: 'Product was added to your quote.', lineCount: 1 })),
    addProductsToShoppingList: vi.fn(async () => ({ message: 'ok', shoppingList: { id: 4, name: 'Lab', status: 0 } })),
    beginMasquerade: vi.fn(async () => USER),
    endMasquerade: vi.fn(async () => USER),
    ...overrides,
  };
}

function setup(operations = fakeOperations()) {
  const loadOperations = vi.fn(async () => ({ headlessOperations: () => operations }));
  const headless = createHeadlessApi({ config: CONFIG, win: window, loadOperations });
  return { ...headless, operations, loadOperations };
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[HEADLESS_GLOBAL];
});

test('it is version 1, on window.helixPortal, and ready once the loader has started', async () => {
  const heard = vi.fn();
  window.addEventListener(HEADLESS_READY_EVENT, (event) => heard((event as CustomEvent).detail));
  const headless = installHeadlessApi({ config: CONFIG, win: window, loadOperations: vi.fn() });
  const api = window.helixPortal!;

  expect(api).toBe(headless.api);
  expect(api.version).toBe(1);
  expect(Object.isFrozen(api)).toBe(true);
  headless.markReady();
  await expect(api.ready).resolves.toBe(api);
  expect(heard).toHaveBeenCalledWith(api);
  // A second loader on the page keeps the first API.
  installHeadlessApi({ config: CONFIG, win: window, loadOperations: vi.fn() });
  expect(window.helixPortal).toBe(api);
});

test('openPage opens the portal on a page by its hash; closePage gives the page back', () => {
  const { api } = setup();
  const changes = vi.fn();
  window.addEventListener('hashchange', changes);

  api.openPage('/quoteDraft');
  expect(window.location.hash).toBe('#/quoteDraft');
  api.closePage();
  expect(window.location.hash).toBe('');
  expect(changes).toHaveBeenCalled();
  window.removeEventListener('hashchange', changes);
});

test('openPage refuses what is not a portal path', () => {
  const { api } = setup();

  // Issue 36 item 14: a path that looks like one but names no portal route ('/nope') throws too, as documented.
  for (const path of ['quoteDraft', '/', '', 'https://evil.test/#/x', '/nope', '/quoteDetail', '/quoteDetail/', '/orders/extra']) {
    expect(() => api.openPage(path)).toThrow(TypeError);
  }
  expect(window.location.hash).toBe('');
});

test('openPage takes every portal route, an id and a query included', () => {
  const { api } = setup();

  for (const path of ['/orders', '/shoppingList/12', '/quoteDetail/7?accessKey=abc', '/login?loginFlag=3']) {
    api.openPage(path);
    expect(window.location.hash).toBe(`#${path}`);
  }
  api.closePage();
});

test('the calls load their module once, on the first call, and hand back what the server answered', async () => {
  const { api, operations, loadOperations } = setup();

  expect(loadOperations).not.toHaveBeenCalled();
  await expect(api.addProductsToQuote([{ sku: 'HS-1001-100ML', quantity: 4 }])).resolves.toEqual({ message: 'Product was added to your quote.', lineCount: 1 });
  await expect(api.getCurrentUser()).resolves.toEqual(USER);
  await api.addProductsToShoppingList(4, [{ productId: 12, quantity: 2, note: 'for the lab' }]);
  await api.beginMasquerade(3);
  await api.endMasquerade();

  expect(loadOperations).toHaveBeenCalledTimes(1);
  expect(operations.addProductsToQuote).toHaveBeenCalledWith([{ sku: 'HS-1001-100ML', quantity: 4 }]);
  expect(operations.addProductsToShoppingList).toHaveBeenCalledWith(4, [{ productId: 12, quantity: 2, note: 'for the lab' }]);
  expect(operations.beginMasquerade).toHaveBeenCalledWith(3);
});

test('a module that failed to load is loaded again on the next call', async () => {
  const operations = fakeOperations();
  const loadOperations = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue({ headlessOperations: () => operations });
  const { api } = createHeadlessApi({ config: CONFIG, win: window, loadOperations });

  await expect(api.getCurrentUser()).rejects.toThrow('Failed to fetch');
  await expect(api.getCurrentUser()).resolves.toEqual(USER);
  expect(loadOperations).toHaveBeenCalledTimes(2);
});

test('signed-in and signed-out follow the B2B token, whoever writes it', () => {
  const { api } = setup();
  const events: string[] = [];
  api.on('signed-in', (event) => events.push(event.type));
  const stop = api.on('signed-out', (event) => events.push(event.type));

  writeSessionValue(B2B_TOKEN_STORAGE_KEY, 'tok-1');
  writeSessionValue(B2B_TOKEN_STORAGE_KEY, 'tok-1'); // unchanged: nothing to tell
  writeSessionValue(B2B_TOKEN_STORAGE_KEY, null);
  stop();
  writeSessionValue(B2B_TOKEN_STORAGE_KEY, 'tok-2');
  writeSessionValue(B2B_TOKEN_STORAGE_KEY, null);

  expect(events).toEqual(['signed-in', 'signed-out', 'signed-in']);
});

test('quote-changed tells each change of the draft; a listener that throws does not stop the others', () => {
  const { api } = setup();
  const heard = vi.fn();
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  api.on('quote-changed', () => {
    throw new Error('storefront bug');
  });
  api.on('quote-changed', heard);

  announceQuoteDraftChanged({ operation: 'quoteDraftSubmit' });

  expect(heard).toHaveBeenCalledWith({ type: 'quote-changed', operation: 'quoteDraftSubmit' });
  expect(error).toHaveBeenCalled();
});

test('an unknown event is refused', () => {
  const { api } = setup();

  expect(() => api.on('cart-changed' as 'signed-in', () => undefined)).toThrow(TypeError);
});
