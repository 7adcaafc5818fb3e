import { B2B_TOKEN_STORAGE_KEY } from '../lib/storage';
import { PAGE_SIGNED_IN_ATTRIBUTE, pageRenderedFor, reloadWhenSignInChanged } from './signInState';

function page(rendered: string | null) {
  if (rendered === null) document.documentElement.removeAttribute(PAGE_SIGNED_IN_ATTRIBUTE);
  else document.documentElement.setAttribute(PAGE_SIGNED_IN_ATTRIBUTE, rendered);
  return { location: { reload: vi.fn() } as unknown as Location };
}

describe('the storefront page after the portal closes (issue 13)', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    document.documentElement.removeAttribute(PAGE_SIGNED_IN_ATTRIBUTE);
  });

  it('reloads a page rendered for a guest once the customer has signed in', () => {
    const win = page('0');
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    expect(reloadWhenSignInChanged(document, win)).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
  });

  it('reloads a page rendered for a customer who has signed out', () => {
    const win = page('1');
    expect(reloadWhenSignInChanged(document, win)).toBe(true);
  });

  it('leaves a page alone when nothing changed, or when the storefront does not say', () => {
    expect(reloadWhenSignInChanged(document, page('0'))).toBe(false);
    window.sessionStorage.setItem(B2B_TOKEN_STORAGE_KEY, 'tok');
    expect(reloadWhenSignInChanged(document, page('1'))).toBe(false);
    const unknown = page(null);
    expect(reloadWhenSignInChanged(document, unknown)).toBe(false);
    expect(unknown.location.reload).not.toHaveBeenCalled();
  });

  it('tells whom the page was rendered for, when the storefront says', () => {
    page('0');
    expect(pageRenderedFor(document)).toBe('guest');
    page('1');
    expect(pageRenderedFor(document)).toBe('customer');
    page(null);
    expect(pageRenderedFor(document)).toBe('unknown');
  });
});
