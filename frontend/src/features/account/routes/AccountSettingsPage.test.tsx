import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { B2B_TOKEN_STORAGE_KEY, setB2BToken } from '../../../lib/session';
import { customerInfoResult, mockGraphQL, storeInfoResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';

const details = () => {
  const list = document.querySelector('dl')!;
  const terms = within(list).getAllByRole('term').map((term) => term.textContent);
  const values = within(list).getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};

describe('account settings', () => {
  it('sends a guest to the sign-in page with flag 3', async () => {
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult() });
    const view = renderPortal('/accountSettings');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login?loginFlag=3');
    expect(screen.getByRole('alert')).toHaveTextContent('You have been signed out.');
    expect(server.callsTo('CustomerInfo')).toHaveLength(0);
  });

  it('shows the signed-in user from customerInfo', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ StoreBasicInfo: storeInfoResult(), CustomerInfo: customerInfoResult });
    renderPortal('/accountSettings');

    expect(await screen.findByText('senior@acme.test')).toBeInTheDocument();
    expect(details()).toEqual({
      Name: 'Sam Senior',
      Email: 'senior@acme.test',
      Phone: '+1 617 555 0101',
      Company: 'Acme Labs',
      Role: 'Senior Buyer',
    });
    expect(server.callsTo('CustomerInfo')[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('names the role from its code when the company gives none, and marks missing values', async () => {
    setB2BToken('tok');
    const individual = structuredClone(customerInfoResult) as { data: { customerInfo: Record<string, unknown> } };
    individual.data.customerInfo = {
      ...individual.data.customerInfo,
      userInfo: { id: 9, role: 99, companyRoleName: '', firstName: 'Bea', lastName: 'Buyer', email: 'b2c@demo.test', phoneNumber: '' },
      companyInfo: null,
    };
    mockGraphQL({ StoreBasicInfo: storeInfoResult(), CustomerInfo: individual });
    renderPortal('/accountSettings');

    expect(await screen.findByText('b2c@demo.test')).toBeInTheDocument();
    expect(details()).toMatchObject({ Phone: 'Not provided', Company: 'Not provided', Role: 'Individual customer' });
  });

  it('signs out: revokes the token on the server, forgets it and shows the signed-out notice', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      CustomerInfo: customerInfoResult,
      Logout: { data: { logout: { result: { message: 'Signed out.' } } } },
    });
    const view = renderPortal('/accountSettings');
    await screen.findByText('senior@acme.test');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.callsTo('Logout')[0]!.headers.Authorization).toBe('Bearer tok');
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
    expect(view.location()).toBe('/login?loginFlag=3');
    expect(screen.getByRole('alert')).toHaveTextContent('You have been signed out.');
    expect(view.queryClient.getQueryData(['user', 'customerInfo'])).toBeUndefined();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    setB2BToken('tok');
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      CustomerInfo: customerInfoResult,
      Logout: { errors: [{ message: 'Service unavailable', extensions: { code: 'INTERNAL_ERROR' } }] },
    });
    renderPortal('/accountSettings');
    await screen.findByText('senior@acme.test');

    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('an expired token leads to the sign-in page without the tip, with the server’s message (shell §8)', async () => {
    setB2BToken('expired');
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      CustomerInfo: { errors: [{ message: 'Your session has expired. Please sign in again.', extensions: { code: 40101 } }] },
    });
    const view = renderPortal('/accountSettings');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    await waitFor(() => expect(view.location()).toBe('/login?loginFlag=3&showTip=false'));
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Your session has expired. Please sign in again.',
    ]);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('offers to try again when the account cannot be loaded', async () => {
    setB2BToken('tok');
    let attempt = 0;
    mockGraphQL({
      StoreBasicInfo: storeInfoResult(),
      CustomerInfo: () =>
        ++attempt === 1 ? { errors: [{ message: 'Temporarily unavailable', extensions: { code: 'INTERNAL_ERROR' } }] } : customerInfoResult,
    });
    renderPortal('/accountSettings');

    expect(await screen.findByText('We couldn’t load your account details.')).toBeInTheDocument();
    expect(getToasts()[0]?.message).toBe('Temporarily unavailable');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('senior@acme.test')).toBeInTheDocument();
  });
});
