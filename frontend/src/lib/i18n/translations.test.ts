import { mockGraphQL } from '../../test/graphqlMock';
import { createTranslationStore, translationUrl, type TranslationIdentity } from './translations';

const API = 'https://api.helix.test';
const EN: TranslationIdentity = { storeHash: 'helix01', channelId: 1, language: 'en', version: 3 };

function serve(messages: Record<string, Record<string, string>>, version = 3) {
  return mockGraphQL({}, {
    rest: Object.fromEntries(
      Object.entries(messages).map(([page, message]) => [
        `GET /storefront/translation/helix01/1/${page}`,
        () => ({ body: { language: 'en', page, translationVersion: version, message } }),
      ]),
    ),
  });
}

describe('translation sets (shell §4)', () => {
  it('builds the endpoint URL with the language and version', () => {
    expect(translationUrl(API, EN, 'orders')).toBe('https://api.helix.test/storefront/translation/helix01/1/orders?lang=en&v=3');
    expect(translationUrl(`${API}/`, { ...EN, version: null }, 'global')).toBe('https://api.helix.test/storefront/translation/helix01/1/global?lang=en');
  });

  it('fetches each set once and looks keys up in the page set, then the global set', async () => {
    const server = serve({ global: { 'header.close': 'Shut', 'login.title': 'Hello' }, login: { 'login.title': 'Welcome back' } });
    const store = createTranslationStore({ apiOrigin: API });
    store.use(EN);
    await Promise.all([store.ensure('global'), store.ensure('global'), store.ensure('login')]);
    await store.ensure('login');

    expect(server.restCalls.map((call) => call.path)).toEqual([
      '/storefront/translation/helix01/1/global',
      '/storefront/translation/helix01/1/login',
    ]);
    expect(store.lookup('login', 'login.title')).toBe('Welcome back');
    expect(store.lookup('accountSettings', 'login.title')).toBe('Hello');
    expect(store.lookup(null, 'header.close')).toBe('Shut');
    expect(store.lookup('login', 'unknown.key')).toBeUndefined();
  });

  it('keeps the sets for the browser session and fetches again only when the version changes', async () => {
    const first = serve({ global: { 'login.title': 'v3' } });
    const store = createTranslationStore({ apiOrigin: API });
    store.use(EN);
    await store.ensure('global');
    expect(first.restCalls).toHaveLength(1);

    // A new page load: the sets come from sessionStorage.
    const again = serve({ global: { 'login.title': 'v3' } });
    const reloaded = createTranslationStore({ apiOrigin: API });
    reloaded.use(EN);
    await reloaded.ensure('global');
    expect(again.restCalls).toHaveLength(0);
    expect(reloaded.lookup(null, 'login.title')).toBe('v3');

    // The store changed its texts: version 4.
    const changed = serve({ global: { 'login.title': 'v4' } }, 4);
    reloaded.use({ ...EN, version: 4 });
    expect(reloaded.lookup(null, 'login.title')).toBeUndefined();
    await reloaded.ensure('global');
    expect(changed.restCalls[0]!.url).toContain('v=4');
    expect(reloaded.lookup(null, 'login.title')).toBe('v4');
  });

  it('fetched before the version is known, a set is kept when the version matches and fetched again when not', async () => {
    const server = serve({ global: { 'login.title': 'old' } }, 3);
    const store = createTranslationStore({ apiOrigin: API });
    store.use({ ...EN, version: null });
    const early = store.ensure('global');
    store.use({ ...EN, version: 4 });
    serve({ global: { 'login.title': 'new' } }, 4);
    await early;
    await store.ensure('global');
    expect(server.restCalls[0]!.url).not.toContain('v=');
    expect(store.lookup(null, 'login.title')).toBe('new');
  });

  it('treats an unknown store or language as no overrides, and a failed request as "try again later"', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = mockGraphQL({}, { rest: { 'GET /storefront/translation/helix01/1/global': { status: 404, body: { code: 404 } } } });
    const store = createTranslationStore({ apiOrigin: API });
    store.use(EN);
    await store.ensure('global');
    await store.ensure('global');
    expect(server.restCalls).toHaveLength(1);

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await store.ensure('orders');
    await store.ensure('orders');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(errors).toHaveBeenCalled();
  });

  it('notifies listeners when a set arrives and drops the sets of another language', async () => {
    serve({ global: { 'login.title': 'Hi' } });
    const store = createTranslationStore({ apiOrigin: API });
    const listener = vi.fn();
    store.subscribe(listener);
    store.use(EN);
    const before = store.revision();
    await store.ensure('global');
    expect(store.revision()).toBeGreaterThan(before);
    expect(listener).toHaveBeenCalled();

    store.use({ ...EN, language: 'de' });
    expect(store.lookup(null, 'login.title')).toBeUndefined();
  });
});
