import { QUOTE_CHECKOUT_SESSION_KEYS, readQuoteCheckoutSession, writeQuoteCheckoutSession } from './quoteCheckoutSession';

describe('quote checkout session (business §4)', () => {
  it('stores isNewStorefront, quoteCheckoutId and quoteDate under exactly these names', () => {
    expect(writeQuoteCheckoutSession({ isNewStorefront: true, quoteCheckoutId: '12', quoteDate: '1767225600' })).toBe(true);
    expect(window.sessionStorage.getItem('isNewStorefront')).toBe('true');
    expect(window.sessionStorage.getItem('quoteCheckoutId')).toBe('12');
    expect(window.sessionStorage.getItem('quoteDate')).toBe('1767225600');
    expect(readQuoteCheckoutSession()).toEqual({ isNewStorefront: true, quoteCheckoutId: '12', quoteDate: '1767225600' });

    writeQuoteCheckoutSession({ isNewStorefront: false, quoteCheckoutId: '13', quoteDate: '1767312000' });
    expect(window.sessionStorage.getItem(QUOTE_CHECKOUT_SESSION_KEYS.isNewStorefront)).toBe('false');
    expect(readQuoteCheckoutSession()).toEqual({ isNewStorefront: false, quoteCheckoutId: '13', quoteDate: '1767312000' });
  });

  it('reads nothing when a value is missing', () => {
    window.sessionStorage.setItem('quoteCheckoutId', '12');
    expect(readQuoteCheckoutSession()).toBeNull();
  });

  it('reports storage that refuses the values', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('QuotaExceededError');
    });
    expect(writeQuoteCheckoutSession({ isNewStorefront: true, quoteCheckoutId: '12', quoteDate: '1' })).toBe(false);
  });
});
