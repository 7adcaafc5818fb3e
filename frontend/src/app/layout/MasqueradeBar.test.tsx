import { screen, within } from '@testing-library/react';

import { setB2BToken } from '../../lib/session';
import { customer, customerResult, mockGraphQL, storefrontConfigsResult } from '../../test/graphqlMock';
import { renderPortal } from '../../test/renderPortal';

// The super admin masquerading as Acme Labs (shell §4), on a page without data of its own.
const MASQUERADING = {
  ...customer({ role: 3, companyInfo: { id: 3, companyName: 'Acme Labs', status: 1, rejectionReason: '' }, userInfo: { id: 9, email: 'superadmin@demo.test' } }),
  masquerade: { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: 2 },
};

async function masqueradeBar(extraFields: Record<string, unknown>) {
  setB2BToken('tok');
  mockGraphQL({
    CustomerInfo: customerResult(MASQUERADING),
    StorefrontConfigs: storefrontConfigsResult({ masquerade_button: { value: '1', extraFields } }),
  });
  renderPortal('/accountSettings');
  return screen.findByTestId('b2b-masquerade-bar');
}

describe('the masquerade bar’s colours (business §9: black or white by contrast, threshold 4.5; issue 15)', () => {
  it('writes black on the default #ED6C02, where white reached only 3.11:1, the button’s text and border too', async () => {
    const bar = await masqueradeBar({});
    expect(bar).toHaveStyle({ backgroundColor: '#ED6C02', color: '#000000' });
    // The outlined END MASQUERADE button inherits the bar's colour for its text and its border.
    const end = within(bar).getByRole('button', { name: 'END MASQUERADE' });
    expect(end).toHaveClass('MuiButton-colorInherit');
  });

  it('writes white on a dark colour of the store’s own', async () => {
    const bar = await masqueradeBar({ color: '#123456' });
    expect(bar).toHaveStyle({ backgroundColor: '#123456', color: '#ffffff' });
  });
});
