import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { B2B_TOKEN_STORAGE_KEY, setB2BToken } from '../../../lib/session';
import { CUSTOMER_INFO_QUERY_KEY } from '../../../lib/user/customerInfo';
import { customer, customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';

async function openSettings(value = customer(), extra: Parameters<typeof mockGraphQL>[0] = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(value), ...extra });
  const view = renderPortal('/accountSettings');
  await screen.findByRole('heading', { name: 'Account settings' });
  await screen.findByLabelText(/First name/);
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const saved = (overrides: Parameters<typeof customer>[0] = {}) => ({
  data: { updateAccountSettings: customer(overrides) },
});

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;

describe('account settings (shell §2, §5)', () => {
  it('sends a guest to the sign-in page with flag 3', async () => {
    const server = mockGraphQL({});
    const view = renderPortal('/accountSettings');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login?loginFlag=3');
    // Issue 36: nobody signed in or out in this page, so they are asked to sign in.
    expect(screen.getByRole('alert')).toHaveTextContent('Please sign in to continue.');
    expect(server.callsTo('CustomerInfo')).toHaveLength(0);
  });

  it('shows the user’s details: name and phone editable, e-mail, company and role read-only', async () => {
    const { server } = await openSettings();

    expect(screen.getByText('Signed in as senior@acme.test')).toBeInTheDocument();
    expect(field(/First name/).value).toBe('Sam');
    expect(field(/Last name/).value).toBe('Senior');
    expect(field(/Phone number/).value).toBe('+1 617 555 0101');
    expect(field(/^Email/)).toHaveAttribute('readonly');
    expect(field(/^Email/).value).toBe('senior@acme.test');
    expect(field(/^Company/).value).toBe('Acme Labs');
    expect(field(/^Role/).value).toBe('Senior Buyer');
    expect(field(/First name/)).not.toHaveAttribute('readonly');
    // Loaded once, at start-up.
    expect(server.callsTo('CustomerInfo')).toHaveLength(1);
    expect(server.callsTo('CustomerInfo')[0]!.headers.Authorization).toBe('Bearer tok');
  });

  it('names the role from its code when the company gives none, and has no company for individuals', async () => {
    await openSettings(customer({ role: 99, userInfo: { email: 'b2c@demo.test', phoneNumber: '' }, companyInfo: null, permissions: [] }));
    expect(field(/^Role/).value).toBe('Individual customer');
    expect(screen.queryByLabelText(/^Company/)).not.toBeInTheDocument();
    expect(field(/Phone number/).value).toBe('');
  });

  it('shows the super admin (role 3) as super admin', async () => {
    await openSettings(customer({ role: 3, userInfo: { email: 'superadmin@demo.test' }, companyInfo: null, permissions: [] }));
    expect(field(/^Role/).value).toBe('Super admin');
  });

  it('saves the name and phone, shows a success toast and keeps the cache in step', async () => {
    const { server, view, user } = await openSettings(customer(), {
      UpdateAccountSettings: saved({ userInfo: { firstName: 'Samantha', phoneNumber: '+1 617 555 0199' } }),
    });

    await user.clear(field(/First name/));
    await enterText(user, field(/First name/), ' Samantha ');
    await user.clear(field(/Phone number/));
    await enterText(user, field(/Phone number/), '+1 617 555 0199');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toEqual(['Your account settings have been saved.']));
    expect(server.callsTo('UpdateAccountSettings')[0]!.variables).toEqual({
      accountSettings: { firstName: 'Samantha', lastName: 'Senior', phoneNumber: '+1 617 555 0199', currentPassword: null, newPassword: null },
    });
    expect(view.queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toMatchObject({ userInfo: { firstName: 'Samantha' } });
    expect(field(/First name/).value).toBe('Samantha');
    expect(screen.getByTestId('user-summary')).toHaveTextContent('Samantha Senior');
  });

  it('checks names, the phone rule and the password rules before saving', async () => {
    const { server, user } = await openSettings();

    await user.clear(field(/First name/));
    await user.clear(field(/Phone number/));
    await enterText(user, field(/Phone number/), '555-01');
    await enterText(user, field(/^New password/), 'short1');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(screen.getByText('Enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number: an optional country code, an area code and a number ending in 4 digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter your current password to set a new one.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 7 characters, with at least one letter and one digit, and nothing like your name or email address.')).toHaveClass('Mui-error');
    expect(field(/First name/)).toHaveFocus();

    await enterText(user, field(/First name/), 'Sam');
    await user.clear(field(/Phone number/));
    await enterText(user, field(/Current password/), 'Demo1234');
    await user.clear(field(/^New password/));
    await enterText(user, field(/^New password/), 'Lab2024x');
    await enterText(user, field(/Confirm new password/), 'Lab2024z');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('The passwords don’t match.')).toBeInTheDocument();
    expect(server.callsTo('UpdateAccountSettings')).toHaveLength(0);
  });

  it('changes the password with the current one and clears the password fields', async () => {
    const { server, user } = await openSettings(customer(), { UpdateAccountSettings: saved() });

    await enterText(user, field(/Current password/), 'Demo1234');
    await enterText(user, field(/^New password/), 'Lab2024x');
    await enterText(user, field(/Confirm new password/), 'Lab2024x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(server.callsTo('UpdateAccountSettings')).toHaveLength(1));
    expect(server.callsTo('UpdateAccountSettings')[0]!.variables.accountSettings).toMatchObject({
      currentPassword: 'Demo1234',
      newPassword: 'Lab2024x',
    });
    await waitFor(() => expect(field(/Current password/).value).toBe(''));
    expect(field(/^New password/).value).toBe('');
  });

  it('shows the server’s field errors under their fields', async () => {
    const { user } = await openSettings(customer(), {
      UpdateAccountSettings: {
        errors: [
          {
            message: 'Invalid input.',
            extensions: {
              code: 'VALIDATION_ERROR',
              fields: { currentPassword: ['Your current password is incorrect.'], phoneNumber: ['Enter a valid phone number.'] },
            },
          },
        ],
      },
    });
    await enterText(user, field(/Current password/), 'Wrong123');
    await enterText(user, field(/^New password/), 'Lab2024x');
    await enterText(user, field(/Confirm new password/), 'Lab2024x');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(field(/Phone number/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/Phone number/)).toHaveFocus();
    expect(getToasts()).toEqual([]);
  });

  it('shows the server’s field errors in the buyer’s language, by their codes, never in English (issue 14 §2)', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    setB2BToken('tok');
    const english = {
      currentPassword: ['Your current password is incorrect.'],
      newPassword: ['The password is too similar to the last name.', 'This password is too common.'],
      phoneNumber: ['A rule this overlay does not know yet.'],
    };
    mockGraphQL({
      CustomerInfo: customerResult(),
      UpdateAccountSettings: {
        errors: [
          {
            message: 'Your current password is incorrect.',
            extensions: {
              code: 'VALIDATION_ERROR',
              fields: english,
              fieldCodes: {
                currentPassword: ['wrong_current_password'],
                newPassword: ['password_too_similar', 'password_too_common'],
                phoneNumber: ['a_code_of_tomorrow'],
              },
            },
          },
        ],
      },
    });
    renderPortal('/accountSettings');
    await screen.findByRole('heading', { name: 'Kontoeinstellungen' });
    const user = userEvent.setup({ delay: null });
    await enterText(user, await screen.findByLabelText(/Aktuelles Passwort/), 'Wrong123');
    await enterText(user, field(/^Neues Passwort(?! bestätigen)/), 'Senior2024');
    await enterText(user, field(/Neues Passwort bestätigen/), 'Senior2024');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    await waitFor(() => expect(field(/Aktuelles Passwort/)).toHaveAccessibleDescription('Ihr aktuelles Passwort ist nicht korrekt.'));
    expect(field(/^Neues Passwort(?! bestätigen)/)).toHaveAccessibleDescription(
      'Das Passwort ähnelt zu sehr Ihrem Namen oder Ihrer E-Mail-Adresse. Dieses Passwort ist zu gängig. Wählen Sie eines, das schwerer zu erraten ist.',
    );
    // A code the overlay has no text for: the generic German text, not the server's English.
    expect(field(/Telefonnummer/)).toHaveAccessibleDescription('Bitte prüfen Sie dieses Feld.');
    expect(field(/Telefonnummer/)).toHaveAttribute('aria-invalid', 'true');
    for (const message of Object.values(english).flat()) expect(document.body).not.toHaveTextContent(message);
    expect(getToasts()).toEqual([]);
  });

  it('shows any other failure above the form', async () => {
    const { user } = await openSettings(customer(), {
      UpdateAccountSettings: { errors: [{ message: 'Something went wrong on our side.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] },
    });
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  });

  it('signs out from the header: revokes the token, ends the storefront session and shows the signed-out notice', async () => {
    const { server, view, user } = await openSettings(customer(), { Logout: { data: { logout: { result: { message: 'Signed out.' } } } } });

    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(server.callsTo('Logout')[0]!.headers.Authorization).toBe('Bearer tok');
    expect(server.restCallsTo('POST', '/logout/')).toHaveLength(1);
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
    expect(view.location()).toBe('/login?loginFlag=3');
    expect(screen.getByRole('alert')).toHaveTextContent('You have been signed out.');
    expect(view.queryClient.getQueryData(CUSTOMER_INFO_QUERY_KEY)).toBeUndefined();
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const { user } = await openSettings(customer(), {
      Logout: { errors: [{ message: 'Service unavailable', extensions: { code: 'INTERNAL_ERROR' } }] },
    });
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
    expect(getToasts()).toEqual([]);
  });

  it('an expired token leads to the sign-in page without the tip, with the server’s message (shell §8)', async () => {
    setB2BToken('expired');
    mockGraphQL({
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

  it('a customer that cannot be loaded clears the session: sign-in page with flag 6 (shell §2 session check)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: { errors: [{ message: 'Temporarily unavailable', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } });
    const view = renderPortal('/accountSettings');

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(view.location()).toBe('/login?loginFlag=6');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('Your session was lost. Please sign in again.');
    expect(window.sessionStorage.getItem(B2B_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
