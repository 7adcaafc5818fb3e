import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { formatDateTime } from '../../lib/dates';
import { setB2BToken } from '../../lib/session';
import { joinedMasquerade, noteSignInMasquerade } from '../../lib/user/joinedMasquerade';
import { customer, customerResult, mockGraphQL, storefrontConfigsResult } from '../../test/graphqlMock';
import { renderPortal } from '../../test/renderPortal';

// Issue 36: the super admin signed in while their masquerade as Acme Labs was still open in another tab.
const SUPER_ADMIN = customer({ role: 4, companyInfo: null, userInfo: { id: 9, email: 'superadmin@demo.test' } });
const MASQUERADING = {
  ...customer({ role: 3, companyInfo: { id: 3, companyName: 'Acme Labs', status: 1, rejectionReason: '' }, userInfo: { id: 9, email: 'superadmin@demo.test' } }),
  masquerade: { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: 2 },
};
const BEGAN = '2026-12-04T09:30:00+00:00';

function arrive(extra: Parameters<typeof mockGraphQL>[0] = {}) {
  setB2BToken('tok');
  let current: typeof MASQUERADING | typeof SUPER_ADMIN = MASQUERADING;
  const server = mockGraphQL({
    CustomerInfo: () => customerResult(current),
    SuperAdminEndMasquerade: (variables) => {
      current = SUPER_ADMIN;
      return { data: { superAdminEndMasquerade: { id: Number(variables.companyId), isAgenting: false, companyName: 'Acme Labs', customerGroupId: 2 } } };
    },
    ...extra,
  });
  renderPortal('/accountSettings');
  return { server, user: userEvent.setup({ delay: null }) };
}

describe('a sign-in that joined a masquerade still open (issue 36)', () => {
  it('tells the super admin on arrival which company and since when, until they dismiss it', async () => {
    noteSignInMasquerade({ id: 3, companyName: 'Acme Labs', beganAt: BEGAN });
    const { user } = arrive();

    const notice = await screen.findByTestId('b2b-joined-masquerade');
    expect(notice).toHaveAttribute('role', 'status');
    expect(within(notice).getByText('You are still acting as Acme Labs')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      `This masquerade began on ${formatDateTime(BEGAN, 'en')} in another tab or session and is still open: every tab and the storefront act for the company until you end it.`,
    );

    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('b2b-joined-masquerade')).not.toBeInTheDocument();
    expect(joinedMasquerade()).toBeNull();
  });

  it('ends the masquerade from the notice, even where the store switched the masquerade bar off', async () => {
    noteSignInMasquerade({ id: 3, companyName: 'Acme Labs', beganAt: BEGAN });
    const { server, user } = arrive({ StorefrontConfigs: storefrontConfigsResult({ masquerade_button: { value: '0', extraFields: {} } }) });

    const notice = await screen.findByTestId('b2b-joined-masquerade');
    expect(screen.queryByTestId('b2b-masquerade-bar')).not.toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'End masquerade as Acme Labs' }));

    await waitFor(() => expect(joinedMasquerade()).toBeNull());
    expect(server.callsTo('SuperAdminEndMasquerade').map((call) => call.variables)).toEqual([{ companyId: 3 }]);
    expect(screen.queryByTestId('b2b-joined-masquerade')).not.toBeInTheDocument();
  });

  it('says nothing after a sign-in that joined none', async () => {
    noteSignInMasquerade(null);
    arrive({ CustomerInfo: customerResult(MASQUERADING) });
    await screen.findByTestId('b2b-masquerade-bar');
    expect(screen.queryByTestId('b2b-joined-masquerade')).not.toBeInTheDocument();
  });

  it('forgets a masquerade that ended before the page loaded', async () => {
    noteSignInMasquerade({ id: 3, companyName: 'Acme Labs', beganAt: null });
    arrive({ CustomerInfo: customerResult(SUPER_ADMIN) });

    await waitFor(() => expect(joinedMasquerade()).toBeNull());
    expect(screen.queryByTestId('b2b-joined-masquerade')).not.toBeInTheDocument();
  });
});
