import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { mockGraphQL, storefrontConfigsResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import type { AccountFormField } from '../api/accountFormFields';

let nextId = 1;
const field = (fieldName: string, labelName: string, groupId: number, overrides: Partial<AccountFormField> = {}): AccountFormField => {
  const id = nextId++;
  return { id, formType: 1, fieldId: `field_${id}`, fieldName, fieldType: 'text', labelName, isRequired: true, visible: true, groupId, custom: false, order: id, valueConfigs: {}, ...overrides };
};

const PERSONAL = [
  field('firstName', 'First name', 1),
  field('lastName', 'Last name', 1),
  field('email', 'Email address', 1, { fieldType: 'email' }),
  field('phoneNumber', 'Phone number', 1, { fieldType: 'phone', isRequired: false }),
  field('password', 'Password', 5, { fieldType: 'password' }),
];

const BUSINESS = [...PERSONAL, field('companyName', 'Company name', 3)];

describe('registration page (shell §2, §3, §5)', () => {
  it('is reached from the sign-in page’s CREATE ACCOUNT and from ?action=create_account', async () => {
    mockGraphQL({ AccountFormFields: (variables) => ({ data: { accountFormFields: variables.formType === 1 ? BUSINESS : PERSONAL } }) });
    const view = renderPortal('/login?action=create_account');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeInTheDocument();
    expect(view.location()).toBe('/register');
  });

  it('offers only the account kinds the store allows', async () => {
    mockGraphQL({
      StorefrontConfigs: storefrontConfigsResult({ account_login_registration: { value: '1', extraFields: { b2b: '0', b2c: '1' } } }),
      AccountFormFields: { data: { accountFormFields: PERSONAL } },
    });
    renderPortal('/register');
    await screen.findByLabelText(/First name/);
    expect(screen.queryByLabelText('Business account')).not.toBeInTheDocument();
    expect(screen.getAllByText('Contact information').length).toBeGreaterThan(0);
    expect(screen.queryByText('Company information')).not.toBeInTheDocument();
  });

  it('checks each step, shows the server’s field errors and creates a personal account', async () => {
    const server = mockGraphQL({
      AccountFormFields: (variables) => ({ data: { accountFormFields: variables.formType === 1 ? BUSINESS : PERSONAL } }),
      CustomerCreate: (variables) =>
        (variables.customerData as { email: string }).email === 'taken@lab.test'
          ? { errors: [{ message: 'Invalid input.', extensions: { code: 'INVALID_INPUT', fields: { email: ['An account with this email address already exists.'] } } }] }
          : { data: { customerCreate: { customerId: 12, email: 'new@lab.test' } } },
    });
    const user = userEvent.setup({ delay: null });
    renderPortal('/register');
    await user.click(await screen.findByLabelText('Personal account'));
    await user.click(await screen.findByRole('button', { name: 'NEXT' }));
    expect(await screen.findByText('First name is required.')).toBeInTheDocument();
    expect(screen.getByText('Email address is required.')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/First name/), 'Nia');
    await user.type(screen.getByLabelText(/Last name/), 'New');
    await user.type(screen.getByLabelText(/Email address/), 'taken@lab.test');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));

    const password = await screen.findByLabelText(/^Password/, { selector: 'input' });
    await user.type(password, 'abc1234');
    await user.type(screen.getByLabelText(/Confirm password/), 'abc1234');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));

    // The server's message under the field, on its step.
    expect(await screen.findByText('An account with this email address already exists.')).toBeInTheDocument();
    const email = screen.getByLabelText(/Email address/);
    await user.clear(email);
    await user.type(email, 'new@lab.test');
    await user.click(screen.getByRole('button', { name: 'NEXT' }));
    // The answers of the password step are kept.
    expect(((await screen.findByLabelText(/^Password/, { selector: 'input' })) as HTMLInputElement).value).toBe('abc1234');
    await user.click(screen.getByRole('button', { name: 'SUBMIT' }));

    const finish = await screen.findByRole('status');
    expect(within(finish).getByText('Your account has been created. You can sign in now.')).toBeInTheDocument();
    expect(server.callsTo('CustomerCreate').at(-1)!.variables.customerData).toMatchObject({ email: 'new@lab.test', password: 'abc1234', firstName: 'Nia' });
    expect(server.callsTo('CustomerSubscribersCreate')).toHaveLength(0);
  });
});
