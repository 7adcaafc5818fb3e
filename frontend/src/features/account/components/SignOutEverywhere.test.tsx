import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { getB2BToken, setB2BToken } from '../../../lib/session';
import { CUSTOMER_INFO_QUERY_KEY } from '../../../lib/user/customerInfo';
import { customer, customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';

const SIGNED_OUT_EVERYWHERE = { data: { logoutEverywhere: { result: { message: 'You have been signed out everywhere.' } } } };

async function openSettings(extra: Parameters<typeof mockGraphQL>[0] = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(customer()), ...extra });
  const view = renderPortal('/accountSettings');
  await screen.findByRole('heading', { name: 'Account settings' });
  const section = await screen.findByRole('region', { name: 'Sign out everywhere' });
  return { server, view, section, user: userEvent.setup({ delay: null }) };
}

describe('sign out everywhere (issue 12)', () => {
  it('asks first, then ends every session, says so and goes to the sign-in page', async () => {
    const { server, view, section, user } = await openSettings({ LogoutEverywhere: SIGNED_OUT_EVERYWHERE });
    expect(section).toHaveTextContent('End every session of your account');

    await user.click(within(section).getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    expect(dialog).toHaveTextContent('You will be signed out of the portal and the store on every device and browser, this one included');
    expect(server.callsTo('LogoutEverywhere')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'End all sessions' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.callsTo('LogoutEverywhere')).toHaveLength(1);
    expect(server.callsTo('LogoutEverywhere')[0]!.headers.Authorization).toBe('Bearer tok');
    expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([['success', 'You have been signed out on all devices.']]);
    expect(view.location()).toBe('/login?loginFlag=3');
    expect(getB2BToken()).toBeNull();
    expect(view.queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toBeUndefined();
  });

  it('cancelling changes nothing', async () => {
    const { server, view, section, user } = await openSettings({ LogoutEverywhere: SIGNED_OUT_EVERYWHERE });

    await user.click(within(section).getByRole('button', { name: 'End all sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign out everywhere?' })).not.toBeInTheDocument());
    expect(server.callsTo('LogoutEverywhere')).toHaveLength(0);
    expect(view.location()).toBe('/accountSettings');
    expect(getB2BToken()).toBe('tok');
  });

  it('a failure is shown and keeps the user signed in here', async () => {
    const { server, view, section, user } = await openSettings({
      LogoutEverywhere: { errors: [{ message: 'Something went wrong on our side.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
    });

    await user.click(within(section).getByRole('button', { name: 'End all sessions' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out everywhere?' })).getByRole('button', { name: 'End all sessions' }));

    await waitFor(() => expect(getToasts().map((toast) => [toast.type, toast.message])).toEqual([['error', 'Something went wrong on our side.']]));
    expect(server.callsTo('LogoutEverywhere')).toHaveLength(1);
    expect(view.location()).toBe('/accountSettings');
    expect(getB2BToken()).toBe('tok');
    expect(await screen.findByRole('heading', { name: 'Account settings' })).toBeInTheDocument();
  });
});
