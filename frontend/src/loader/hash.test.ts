import { isPortalHash } from './hash';

describe('isPortalHash', () => {
  it.each(['', '#', '#/', '#/?loginFlag=3', '#//'])('keeps the storefront page for %j', (hash) => {
    expect(isPortalHash(hash)).toBe(false);
  });

  it.each(['#/login', '#/login?loginFlag=3', '#/accountSettings', '#/orderDetail/12', '#/unknown-route'])(
    'opens the portal for %j',
    (hash) => {
      expect(isPortalHash(hash)).toBe(true);
    },
  );

  it('leaves in-page anchors of the storefront alone', () => {
    expect(isPortalHash('#reviews')).toBe(false);
    expect(isPortalHash('#main-content')).toBe(false);
  });
});
