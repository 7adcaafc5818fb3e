import { storeInfo } from '../../test/graphqlMock';
import { isStoreEnabled } from './storeBasicInfo';

describe('isStoreEnabled (shell §1)', () => {
  const site = storeInfo().storeSites[0]!;

  it('is enabled whenever multi-storefront is off, whatever the channel says', () => {
    const info = storeInfo({ multiStorefrontEnabled: false, storeSites: [{ ...site, b2bEnabled: false }] });
    expect(isStoreEnabled(info, 1)).toBe(true);
    expect(isStoreEnabled(storeInfo({ multiStorefrontEnabled: false, storeSites: [] }), 1)).toBe(true);
  });

  it('with multi-storefront on, follows b2bEnabled of the current channel', () => {
    const info = storeInfo({
      multiStorefrontEnabled: true,
      storeSites: [
        { ...site, channelId: 1, b2bEnabled: true },
        { ...site, channelId: 2, b2bEnabled: false },
      ],
    });
    expect(isStoreEnabled(info, 1)).toBe(true);
    expect(isStoreEnabled(info, 2)).toBe(false);
  });

  it('with multi-storefront on, an unknown channel is not enabled', () => {
    expect(isStoreEnabled(storeInfo({ multiStorefrontEnabled: true }), 9)).toBe(false);
  });
});
