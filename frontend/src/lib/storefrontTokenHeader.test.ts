import { STOREFRONT_TOKEN_HEADER, setStorefrontToken, storefrontTokenHeaders, withStorefrontToken } from './storefrontTokenHeader';

// Issue 22 contract item 2: the page's storefront token goes with every request to the API, and only there.

afterEach(() => setStorefrontToken({ apiOrigin: 'https://api.helix.test' }));

test('without a storefront token no header is added', () => {
  setStorefrontToken({ apiOrigin: 'https://api.helix.test' });

  expect(storefrontTokenHeaders()).toEqual({});
  const init = { method: 'GET' };
  expect(withStorefrontToken(init)).toBe(init);
});

test('with one, requests to the API name it as X-Storefront-Token', () => {
  setStorefrontToken({ apiOrigin: 'https://api.helix.test/', storefrontToken: 'sft-raw' });

  expect(STOREFRONT_TOKEN_HEADER).toBe('X-Storefront-Token');
  expect(storefrontTokenHeaders()).toEqual({ 'X-Storefront-Token': 'sft-raw' });
  expect(storefrontTokenHeaders('https://api.helix.test/api/v2/invoices/7.pdf')).toEqual({ 'X-Storefront-Token': 'sft-raw' });
  expect(withStorefrontToken({ credentials: 'omit', headers: { Accept: 'application/pdf' } }, 'https://api.helix.test/x.pdf')).toEqual({
    credentials: 'omit',
    headers: { Accept: 'application/pdf', 'X-Storefront-Token': 'sft-raw' },
  });
});

test('a file on another host (a CDN, a storage bucket) never gets the token', () => {
  setStorefrontToken({ apiOrigin: 'https://api.helix.test', storefrontToken: 'sft-raw' });

  expect(storefrontTokenHeaders('https://files.helix-cdn.test/invoices/7.pdf')).toEqual({});
  expect(storefrontTokenHeaders('http://api.helix.test/x')).toEqual({}); // another scheme is another origin
  const init = { method: 'GET' };
  expect(withStorefrontToken(init, 'https://files.helix-cdn.test/x.csv')).toBe(init);
});
