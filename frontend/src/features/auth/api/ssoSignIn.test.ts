import { StorefrontSignInError } from '../../../lib/auth/storefrontSession';
import { GraphQLRequestError } from '../../../lib/graphql';
import { signInFailure } from '../signInErrors';
import { ssoDomainOf, ssoReturnUrl, ssoStartHref } from './ssoSignIn';

// Issue 40: what the sign-in page asks and where it sends the browser.

const page = (href: string) => {
  const url = new URL(href);
  return { origin: url.origin, pathname: url.pathname, search: url.search, href: url.href };
};

describe('ssoDomainOf', () => {
  it('is the lower-case domain of a complete address only', () => {
    expect(ssoDomainOf(' Olga@Chem.Northfield.EDU ')).toBe('chem.northfield.edu');
    expect(ssoDomainOf('olga@northfield')).toBeNull();
    expect(ssoDomainOf('northfield.edu')).toBeNull();
    expect(ssoDomainOf('')).toBeNull();
  });
});

describe('ssoReturnUrl', () => {
  it('is this page with the overlay on the route, as a path when the API is on the page’s origin', () => {
    expect(ssoReturnUrl('https://shop.test', '/login', page('https://shop.test/catalog/?sku=1#/login?loginFlag=3'))).toBe('/catalog/?sku=1#/login');
    expect(ssoReturnUrl('', '/login', page('https://shop.test/'))).toBe('/#/login');
  });

  it('is the full address on a storefront of another origin', () => {
    expect(ssoReturnUrl('https://api.test', '/login', page('https://shop.test/cart'))).toBe('https://shop.test/cart#/login');
  });
});

describe('ssoStartHref', () => {
  it('resolves the start page on the API’s site, and replaces its next when given one', () => {
    expect(ssoStartHref('/sso/nu/start/?next=%2F%23%2Flogin', 'https://api.test')).toBe('https://api.test/sso/nu/start/?next=%2F%23%2Flogin');
    expect(ssoStartHref('/sso/nu/start/?next=%2F', 'https://api.test', '/#/login')).toBe('https://api.test/sso/nu/start/?next=%2F%23%2Flogin');
  });
});

describe('signInFailure: SSO_REQUIRED', () => {
  const noFieldTexts = () => ({});

  it('carries the provider and the start page of the storefront’s refusal', () => {
    const error = new StorefrontSignInError('SSO_REQUIRED', 'No.', { startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login' });
    expect(signInFailure(error, noFieldTexts)).toEqual({ kind: 'ssoRequired', providerName: 'NU Login', startUrl: '/sso/nu/start/?next=%2F' });
  });

  it('and of the API’s login refusal', () => {
    const error = new GraphQLRequestError('No.', {
      code: 'SSO_REQUIRED',
      errors: [{ message: 'No.', extensions: { code: 'SSO_REQUIRED', startUrl: '/sso/nu/start/?next=%2F', providerName: 'NU Login' } }],
    });
    expect(signInFailure(error, noFieldTexts)).toEqual({ kind: 'ssoRequired', providerName: 'NU Login', startUrl: '/sso/nu/start/?next=%2F' });
  });

  it('without the start page when the refusal does not say it', () => {
    expect(signInFailure(new StorefrontSignInError('SSO_REQUIRED', 'No.'), noFieldTexts)).toEqual({ kind: 'ssoRequired', providerName: '', startUrl: null });
  });
});
