import { MAX_QUOTE_ACCESS_KEYS, QUOTE_ACCESS_KEYS_STORAGE_KEY, readQuoteAccessKey, writeQuoteAccessKey } from './quoteAccessKeys';

describe('quote access keys (docs/api.md "Quotes": a guest’s key to quote(id, accessKey))', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps a key per quote in localStorage and forgets it on null', () => {
    writeQuoteAccessKey('12', 'key-12');
    writeQuoteAccessKey('13', 'key-13');
    expect(readQuoteAccessKey('12')).toBe('key-12');
    expect(readQuoteAccessKey('13')).toBe('key-13');
    expect(readQuoteAccessKey('14')).toBeNull();
    expect(JSON.parse(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)!)).toEqual([['12', 'key-12'], ['13', 'key-13']]);

    writeQuoteAccessKey('12', 'key-12b');
    expect(readQuoteAccessKey('12')).toBe('key-12b');
    writeQuoteAccessKey('12', null);
    writeQuoteAccessKey('13', null);
    expect(readQuoteAccessKey('12')).toBeNull();
    expect(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)).toBeNull();
  });

  it('is bounded: the most recently kept keys survive', () => {
    for (let id = 1; id <= MAX_QUOTE_ACCESS_KEYS + 2; id += 1) writeQuoteAccessKey(String(id), `key-${id}`);
    expect(readQuoteAccessKey('1')).toBeNull();
    expect(readQuoteAccessKey('2')).toBeNull();
    expect(readQuoteAccessKey('3')).toBe('key-3');
    expect(readQuoteAccessKey(String(MAX_QUOTE_ACCESS_KEYS + 2))).toBe(`key-${MAX_QUOTE_ACCESS_KEYS + 2}`);
    expect(JSON.parse(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)!)).toHaveLength(MAX_QUOTE_ACCESS_KEYS);
  });

  it('ignores what it cannot read', () => {
    window.localStorage.setItem(QUOTE_ACCESS_KEYS_STORAGE_KEY, '{not json');
    expect(readQuoteAccessKey('12')).toBeNull();
    window.localStorage.setItem(QUOTE_ACCESS_KEYS_STORAGE_KEY, JSON.stringify([['12', 'key-12'], ['bad'], 7]));
    expect(readQuoteAccessKey('12')).toBe('key-12');
    writeQuoteAccessKey('13', 'key-13');
    expect(JSON.parse(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)!)).toEqual([['12', 'key-12'], ['13', 'key-13']]);
  });

  it('keeps the keys in memory when localStorage refuses them', async () => {
    vi.resetModules();
    const fresh = await import('./quoteAccessKeys');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    fresh.writeQuoteAccessKey('12', 'key-12');
    expect(window.localStorage.getItem(QUOTE_ACCESS_KEYS_STORAGE_KEY)).toBeNull();
    expect(fresh.readQuoteAccessKey('12')).toBe('key-12');
  });
});
