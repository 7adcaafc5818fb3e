import { readLoaderConfig } from './config';

const LOADER_URL = 'https://shop.helix.test/static/portal/assets/loader-abc123.js';

function addScript(attributes: Record<string, string>) {
  const script = document.createElement('script');
  script.type = 'module';
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.append(script);
  return script;
}

describe('readLoaderConfig', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('reads the data attributes of the script that loaded it', () => {
    addScript({ src: 'https://cdn.test/other.js', 'data-api-origin': 'https://wrong.test' });
    addScript({
      src: LOADER_URL,
      'data-api-origin': 'http://127.0.0.1:8000',
      'data-channel-id': '2',
      'data-store-hash': 'helix01',
      'data-app-client-id': 'lab-portal',
    });

    expect(readLoaderConfig(document, LOADER_URL)).toEqual({
      apiOrigin: 'http://127.0.0.1:8000',
      channelId: 2,
      storeHash: 'helix01',
      appClientId: 'lab-portal',
    });
  });

  it('defaults the API origin to the script’s own origin, the channel to 1 and the app client id', () => {
    addScript({ src: LOADER_URL });

    expect(readLoaderConfig(document, LOADER_URL)).toEqual({
      apiOrigin: 'https://shop.helix.test',
      channelId: 1,
      storeHash: '',
      appClientId: 'helix-buyer-portal',
    });
  });

  it('reads the storefront token of a page on another storefront (issue 22)', () => {
    addScript({ src: LOADER_URL, 'data-api-origin': 'https://api.helix.test', 'data-storefront-token': ' sft-raw-token ' });

    expect(readLoaderConfig(document, LOADER_URL)).toEqual({
      apiOrigin: 'https://api.helix.test',
      channelId: 1,
      storeHash: '',
      appClientId: 'helix-buyer-portal',
      storefrontToken: 'sft-raw-token',
    });
  });

  it('finds a script marked with data-api-origin when the URL does not match', () => {
    addScript({ src: '/bundle.js?v=2', 'data-api-origin': 'https://api.helix.test/', 'data-channel-id': 'x' });

    expect(readLoaderConfig(document, LOADER_URL)).toMatchObject({ apiOrigin: 'https://api.helix.test', channelId: 1 });
  });
});
