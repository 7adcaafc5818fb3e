import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';
import type { CompanyAuditEvent } from '../api/companyAuditEvents';
import type { CompanyRole } from '../api/companyRoles';
import type { CompanyUser, CompanyUsersVariables } from '../api/companyUsers';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);
type User = ReturnType<typeof userEvent.setup>;

const companyUser = (overrides: Partial<CompanyUser> = {}): CompanyUser => ({
  id: 7,
  email: 'senior@acme.test',
  firstName: 'Sam',
  lastName: 'Senior',
  phoneNumber: '+1 617 555 0101',
  role: 1,
  customRoleId: null,
  companyRoleName: 'Senior buyer',
  extraFields: [],
  invitationPending: false,
  // Midday UTC: the same calendar day in every test time zone.
  createdAt: '2026-03-02T12:00:00+00:00',
  companyId: 3,
  companyName: 'Acme Labs',
  ...overrides,
});

const ALICE = companyUser({ id: 1, email: 'admin@acme.test', firstName: 'Alice', lastName: 'Admin', role: 0, companyRoleName: 'Admin', phoneNumber: '' });
const SAM = companyUser();
const NIA = companyUser({ id: 42, email: 'nia@acme.test', firstName: 'Nia', lastName: 'New', role: 2, companyRoleName: 'Junior buyer', invitationPending: true });

const ROLES: CompanyRole[] = [
  { role: 0, customRoleId: null, name: 'Admin', grantable: true },
  { role: 1, customRoleId: null, name: 'Senior buyer', grantable: true },
  { role: 2, customRoleId: null, name: 'Junior buyer', grantable: true },
  { role: 5, customRoleId: 14, name: 'Lab manager', grantable: true },
  { role: 5, customRoleId: 15, name: 'Finance approver', grantable: false },
];

const usersResult = (users: CompanyUser[], totalCount = users.length): GraphQLResult => ({
  data: { users: { totalCount, edges: users.map((node) => ({ node })) } },
});

const refusal = (code: string, message = 'Refused.'): GraphQLResult => ({ errors: [{ message, extensions: { code } }] });

const fieldRefusal = (fields: Record<string, string[]>, fieldCodes: Record<string, string[]>): GraphQLResult => ({
  errors: [{ message: 'Invalid input.', extensions: { code: 'VALIDATION_ERROR', fields, fieldCodes } }],
});

const DEFAULT_VARIABLES: CompanyUsersVariables = { first: 10, offset: 0, search: null, role: null, customRoleId: null, orderBy: 'lastName', companyId: null };

const ADMIN = customer({
  role: 0,
  permissions: [...DEMO_PERMISSIONS.admin],
  userInfo: { id: 1, firstName: 'Alice', lastName: 'Admin', email: 'admin@acme.test', companyRoleName: 'Admin' },
});
const SENIOR = customer();
const MASQUERADING: CustomerInfo = {
  ...customer({ role: 3, permissions: [...DEMO_PERMISSIONS.admin], userInfo: { id: 99, firstName: 'Sue', lastName: 'Super', email: 'superadmin@demo.test' } }),
  masquerade: { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: null },
};

const userFormFieldsResult = (fields: object[] = []): GraphQLResult => ({
  data: {
    accountFormFields: [
      { id: 1, fieldName: 'phoneNumber', fieldType: 'phone', labelName: 'Phone number', isRequired: false, visible: true, groupId: 1, custom: false, order: 40, valueConfigs: {} },
      ...fields,
    ],
  },
});

async function openPage(options: { path?: string; who?: CustomerInfo; users?: Handler; handlers?: Record<string, Handler> } = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(options.who ?? ADMIN),
    CompanyUsers: options.users ?? usersResult([ALICE, SAM, NIA]),
    CompanyRoles: { data: { companyRoles: ROLES } },
    AccountFormFields: userFormFieldsResult(),
    ...options.handlers,
  });
  const view = renderPortal(options.path ?? '/user-management');
  await screen.findByRole('heading', { level: 1, name: 'User management' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const usersCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('CompanyUsers').map((call) => call.variables);
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;

async function choose(user: User, label: RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

async function openAction(user: User, name: string, action: string) {
  await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: action }));
}

async function openAddDialog(user: User) {
  await user.click(screen.getByRole('button', { name: 'Add user' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add user' });
  await within(dialog).findByLabelText(/^Email/);
  return dialog;
}

describe('user management page (issue 16)', () => {
  it('lists the company’s users: name with badges, email, role, phone and date added, from one request', async () => {
    const { server } = await openPage();
    await screen.findByRole('rowheader', { name: /^Nia New/ });

    const table = screen.getByRole('table', { name: 'Company users' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name', 'Email', 'Role', 'Phone', 'Added on', 'Actions',
    ]);
    expect(within(rowOf('Alice Admin')).getByText('You')).toBeInTheDocument();
    expect(within(rowOf('Nia New')).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(rowOf('Sam Senior')).queryByText('Invitation pending')).not.toBeInTheDocument();
    expect(within(rowOf('Sam Senior')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'senior@acme.test', 'Senior buyer', '+1 617 555 0101', 'Mar 2, 2026', '',
    ]);
    expect(within(rowOf('Alice Admin')).getAllByRole('cell')[2]).toHaveTextContent('—');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('status')).toHaveTextContent('3 users');
    expect(usersCalls(server)).toEqual([DEFAULT_VARIABLES]);

    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'User management' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once typing settles, filters by built-in and custom roles, sorts, and keeps it all in the URL', async () => {
    const { server, view, user } = await openPage({ path: '/user-management?page=2', users: usersResult([SAM], 30) });
    await screen.findByRole('rowheader', { name: /^Sam Senior/ });

    // One input event (a paste): the search goes out once typing settles, whatever the machine's speed.
    await enterText(user, screen.getByRole('searchbox', { name: 'Search users' }), ' sam ');
    await waitFor(() => expect(usersCalls(server)).toHaveLength(2));
    expect(usersCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, offset: 10 }, { ...DEFAULT_VARIABLES, search: 'sam' }]);
    expect(view.location()).toBe('/user-management?search=sam');

    await choose(user, /Role/, 'Junior buyer');
    await waitFor(() => expect(usersCalls(server)).toHaveLength(3));
    expect(usersCalls(server)[2]).toEqual({ ...DEFAULT_VARIABLES, search: 'sam', role: 2 });

    await choose(user, /Role/, 'Lab manager');
    await waitFor(() => expect(usersCalls(server)).toHaveLength(4));
    expect(usersCalls(server)[3]).toEqual({ ...DEFAULT_VARIABLES, search: 'sam', role: 5, customRoleId: 14 });
    expect(view.location()).toBe('/user-management?search=sam&role=5%3A14');

    await user.click(screen.getByRole('button', { name: 'Added on' }));
    await waitFor(() => expect(usersCalls(server)).toHaveLength(5));
    expect(usersCalls(server)[4]).toEqual({ ...DEFAULT_VARIABLES, search: 'sam', role: 5, customRoleId: 14, orderBy: '-createdAt' });
  });

  it('says when no user matches, and clears the filters', async () => {
    const { server, user } = await openPage({
      path: '/user-management?search=zed',
      users: (variables) => usersResult(variables.search ? [] : [ALICE, SAM]),
    });
    expect(await screen.findByRole('heading', { name: 'No users match your filters' })).toBeInTheDocument();
    // The filter bar's button, then the empty list's own.
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[1]!);
    await screen.findByRole('rowheader', { name: /^Sam Senior/ });
    expect(usersCalls(server).at(-1)).toEqual(DEFAULT_VARIABLES);
  });

  it('shows a failed load with a retry', async () => {
    let fail = true;
    await openPage({ users: () => (fail ? refusal('INTERNAL_SERVER_ERROR', 'Internal error.') : usersResult([SAM])) });
    expect(await screen.findByText('We couldn’t load your company’s users.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: /^Sam Senior/ })).toBeInTheDocument();
  });

  describe('adding a user', () => {
    it('checks the fields before asking the server: required names and e-mail, shell §5 e-mail and phone, a role', async () => {
      const { server, user } = await openPage();
      const dialog = await openAddDialog(user);
      expect(within(dialog).getByText('We’ll email them an invitation to choose a password. They can sign in once they have chosen it.')).toBeInTheDocument();

      await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
      expect(within(dialog).getByText('Enter the user’s email address.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter the user’s first name.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter the user’s last name.')).toBeInTheDocument();
      expect(within(dialog).getByText('Choose a role.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus();

      await enterText(user, within(dialog).getByLabelText(/^Email/), 'nia@acme');
      await enterText(user, within(dialog).getByLabelText(/^Phone number/), 'call me');
      expect(within(dialog).getByText('Enter a valid email address, for example name@company.com.')).toBeInTheDocument();
      expect(within(dialog).getByText('Enter a valid phone number, for example +1 617 555 0101.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Phone number/)).toHaveAttribute('aria-invalid', 'true');
      expect(server.callsTo('UserCreate')).toHaveLength(0);
    });

    it('offers every role, the ones the caller may not give disabled', async () => {
      const { user } = await openPage();
      const dialog = await openAddDialog(user);
      await user.click(within(dialog).getByRole('combobox', { name: /Role/ }));
      const options = within(await screen.findByRole('listbox')).getAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([
        'Admin', 'Senior buyer', 'Junior buyer', 'Lab manager', 'Finance approverYou can’t give this role',
      ]);
      expect(options[4]).toHaveAttribute('aria-disabled', 'true');
      expect(options[3]).not.toHaveAttribute('aria-disabled');
    });

    it('shows the server’s field codes under the e-mail, in the portal’s words, and nothing is added', async () => {
      let answer = fieldRefusal({ email: ['A user with this email address is already in your company.'] }, { email: ['email_in_company'] });
      const { server, user } = await openPage({ handlers: { UserCreate: () => answer } });
      const dialog = await openAddDialog(user);
      await enterText(user, within(dialog).getByLabelText(/^Email/), 'senior@acme.test');
      await enterText(user, within(dialog).getByLabelText(/^First name/), 'Sam');
      await enterText(user, within(dialog).getByLabelText(/^Last name/), 'Again');
      await choose(user, /Role/, 'Junior buyer');
      await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

      expect(await within(dialog).findByText('A user with this email address is already in your company.')).toBeInTheDocument();
      expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
      await waitFor(() => expect(within(dialog).getByLabelText(/^Email/)).toHaveFocus());

      answer = fieldRefusal({ email: ['This email address cannot be added to your company.'] }, { email: ['email_unavailable'] });
      await user.clear(within(dialog).getByLabelText(/^Email/));
      await enterText(user, within(dialog).getByLabelText(/^Email/), 'admin@globex.test');
      await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
      expect(
        await within(dialog).findByText('This email address can’t be added to your company. Check the address, or ask the person to contact us.'),
      ).toBeInTheDocument();
      expect(server.callsTo('UserCreate')).toHaveLength(2);
    });

    it('adds the user with the chosen role and the store’s custom fields, says the invitation is on its way, and lists them', async () => {
      const custom = [
        { id: 9, fieldName: 'department', fieldType: 'dropdown', labelName: 'Department', isRequired: true, visible: true, groupId: 2, custom: true, order: 10, valueConfigs: { options: [{ label: 'Chemistry', value: 'chem' }, { label: 'Biology', value: 'bio' }] } },
        { id: 10, fieldName: 'badge', fieldType: 'number', labelName: 'Badge number', isRequired: false, visible: true, groupId: 2, custom: true, order: 20, valueConfigs: {} },
        { id: 11, fieldName: 'taxId', fieldType: 'text', labelName: 'VAT or tax ID', isRequired: false, visible: true, groupId: 3, custom: true, order: 50, valueConfigs: {} },
      ];
      let created = false;
      const { server, user } = await openPage({
        users: () => usersResult(created ? [ALICE, SAM, NIA] : [ALICE, SAM]),
        handlers: {
          AccountFormFields: userFormFieldsResult(custom),
          UserCreate: () => {
            created = true;
            return { data: { userCreate: { ...NIA, extraFields: [{ fieldName: 'department', fieldValue: 'chem' }] } } };
          },
        },
      });
      await screen.findByRole('rowheader', { name: /^Sam Senior/ });
      const dialog = await openAddDialog(user);
      // Only the user's own fields (groups 1 and 2): the company's tax ID is not asked here.
      expect(within(dialog).queryByLabelText(/VAT or tax ID/)).not.toBeInTheDocument();

      await enterText(user, within(dialog).getByLabelText(/^Email/), ' nia@acme.test ');
      await enterText(user, within(dialog).getByLabelText(/^First name/), 'Nia');
      await enterText(user, within(dialog).getByLabelText(/^Last name/), 'New');
      await enterText(user, within(dialog).getByLabelText(/^Badge number/), '12a');
      await choose(user, /Role/, 'Junior buyer');
      await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
      expect(within(dialog).getByText('Department is required.')).toBeInTheDocument();
      expect(within(dialog).getByText('Badge number must contain digits only.')).toBeInTheDocument();

      await user.clear(within(dialog).getByLabelText(/^Badge number/));
      await choose(user, /^Department/, 'Chemistry');
      await user.click(within(dialog).getByRole('button', { name: 'Add user' }));

      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());
      expect(server.callsTo('UserCreate')[0]!.variables).toEqual({
        userData: {
          email: 'nia@acme.test', firstName: 'Nia', lastName: 'New', phoneNumber: '', role: 2, customRoleId: null,
          extraFields: [{ fieldName: 'department', fieldValue: 'chem' }, { fieldName: 'badge', fieldValue: '' }],
        },
      });
      expect(getToasts().map((toast) => toast.message)).toContain('Invitation sent to nia@acme.test.');
      expect(await screen.findByRole('rowheader', { name: /^Nia New/ })).toBeInTheDocument();
    });
  });

  describe('editing a user', () => {
    it('shows the e-mail read-only and sends the changed details, and the role only when it changed', async () => {
      const { server, user } = await openPage({
        handlers: { UserUpdate: (variables) => ({ data: { userUpdate: { ...SAM, firstName: 'Samuel', role: (variables.userData as { role?: number }).role ?? 1 } } }) },
      });
      await screen.findByRole('rowheader', { name: /^Sam Senior/ });
      await openAction(user, 'Sam Senior', 'Edit');
      const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Senior' });
      const email = await within(dialog).findByLabelText('Email');
      expect(email).toHaveValue('senior@acme.test');
      expect(email).toHaveAttribute('readonly');
      expect(within(dialog).getByLabelText(/^First name/)).toHaveValue('Sam');

      await user.clear(within(dialog).getByLabelText(/^First name/));
      await enterText(user, within(dialog).getByLabelText(/^First name/), 'Samuel');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Sam Senior' })).not.toBeInTheDocument());
      expect(server.callsTo('UserUpdate')[0]!.variables).toEqual({
        userId: 7,
        userData: { firstName: 'Samuel', lastName: 'Senior', phoneNumber: '+1 617 555 0101' },
      });
      expect(getToasts().map((toast) => toast.message)).toContain('Changes to Samuel Senior saved.');

      await openAction(user, 'Sam Senior', 'Edit');
      const again = await screen.findByRole('dialog', { name: 'Edit Sam Senior' });
      await within(again).findByLabelText('Email');
      await choose(user, /Role/, 'Junior buyer');
      await user.click(within(again).getByRole('button', { name: 'Save changes' }));
      await waitFor(() => expect(server.callsTo('UserUpdate')).toHaveLength(2));
      expect(server.callsTo('UserUpdate')[1]!.variables).toEqual({
        userId: 7,
        userData: { firstName: 'Sam', lastName: 'Senior', phoneNumber: '+1 617 555 0101', role: 2, customRoleId: null },
      });
    });

    it('does not let the admin change their own role, and shows the server’s refusals in the portal’s words', async () => {
      const { user } = await openPage({ handlers: { UserUpdate: refusal('LAST_ADMIN', 'A company needs at least one admin.') } });
      await screen.findByRole('rowheader', { name: /^Alice Admin/ });
      await openAction(user, 'Alice Admin', 'Edit');
      const own = await screen.findByRole('dialog', { name: 'Edit Alice Admin' });
      await within(own).findByLabelText('Email');
      expect(within(own).getByRole('combobox', { name: /Role/ })).toHaveAttribute('aria-disabled', 'true');
      expect(within(own).getByText('You can’t change your own role. Ask another admin.')).toBeInTheDocument();
      await user.click(within(own).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Alice Admin' })).not.toBeInTheDocument());

      await openAction(user, 'Sam Senior', 'Edit');
      const dialog = await screen.findByRole('dialog', { name: 'Edit Sam Senior' });
      await within(dialog).findByLabelText('Email');
      await choose(user, /Role/, 'Admin');
      await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent('A company needs at least one admin. Make another user an admin first.');
      await waitFor(() => expect(alert).toHaveFocus());
      expect(screen.getByRole('dialog', { name: 'Edit Sam Senior' })).toBeInTheDocument();
    });
  });

  describe('deleting a user', () => {
    it('asks first; cancelling changes nothing, confirming removes them and focus goes to the list', async () => {
      let deleted = false;
      const { server, user } = await openPage({
        users: () => usersResult(deleted ? [ALICE, SAM] : [ALICE, SAM, NIA]),
        handlers: {
          UserDelete: () => {
            deleted = true;
            return { data: { userDelete: { result: { message: 'nia@acme.test was removed from the company.' } } } };
          },
        },
      });
      await screen.findByRole('rowheader', { name: /^Nia New/ });

      await openAction(user, 'Nia New', 'Delete');
      let confirm = await screen.findByRole('dialog', { name: 'Delete Nia New?' });
      expect(confirm).toHaveTextContent('Nia New (nia@acme.test) will be removed from Acme Labs and signed out at once.');
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Nia New?' })).not.toBeInTheDocument());
      expect(server.callsTo('UserDelete')).toHaveLength(0);

      await openAction(user, 'Nia New', 'Delete');
      confirm = await screen.findByRole('dialog', { name: 'Delete Nia New?' });
      await user.click(within(confirm).getByRole('button', { name: 'Delete user' }));

      await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Nia New/ })).not.toBeInTheDocument());
      expect(server.callsTo('UserDelete')[0]!.variables).toEqual({ userId: 42 });
      expect(getToasts().map((toast) => toast.message)).toContain('Nia New was removed from your company.');
      await waitFor(() => expect(screen.getByRole('tabpanel', { name: 'Users' })).toHaveFocus());
    });

    it('shows a refusal in the portal’s words and keeps the user', async () => {
      const { user } = await openPage({ handlers: { UserDelete: refusal('LAST_ADMIN', 'A company needs at least one admin.') } });
      await screen.findByRole('rowheader', { name: /^Sam Senior/ });
      await openAction(user, 'Sam Senior', 'Delete');
      await user.click(within(await screen.findByRole('dialog', { name: 'Delete Sam Senior?' })).getByRole('button', { name: 'Delete user' }));
      await waitFor(() =>
        expect(getToasts().map((toast) => toast.message)).toContain('A company needs at least one admin. Make another user an admin first.'),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete Sam Senior?' })).not.toBeInTheDocument());
      expect(screen.getByRole('rowheader', { name: /^Sam Senior/ })).toBeInTheDocument();
    });
  });

  it('sends the invitation again to a user who has not chosen a password yet', async () => {
    const { server, user } = await openPage({
      handlers: { UserInvitationResend: { data: { userInvitationResend: { result: { message: 'Sent.' } } } } },
    });
    await screen.findByRole('rowheader', { name: /^Nia New/ });
    await user.click(screen.getByRole('button', { name: 'Actions for Sam Senior' }));
    expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    await openAction(user, 'Nia New', 'Resend invitation');
    await waitFor(() => expect(server.callsTo('UserInvitationResend')[0]?.variables).toEqual({ userId: 42 }));
    await waitFor(() => expect(getToasts().map((toast) => toast.message)).toContain('A new invitation was sent to nia@acme.test.'));
  });

  describe('what each caller sees', () => {
    it('the admin deletes neither themself nor reads another’s log: no delete on their own row', async () => {
      const { user } = await openPage();
      await screen.findByRole('rowheader', { name: /^Alice Admin/ });
      await user.click(screen.getByRole('button', { name: 'Actions for Alice Admin' }));
      expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit']);
    });

    it('a senior buyer (get_users only) reads the list: no add button, no actions, no activity log', async () => {
      await openPage({ who: SENIOR });
      await screen.findByRole('rowheader', { name: /^Nia New/ });
      expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Actions for/ })).not.toBeInTheDocument();
      expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    });

    it('a role that may edit but not add users: no add button, and an admin’s row is not theirs to change', async () => {
      const editor = customer({ role: 5, permissions: [...DEMO_PERMISSIONS.senior, { code: 'update_user', permissionLevel: 2 }] });
      await openPage({ who: editor });
      await screen.findByRole('rowheader', { name: /^Nia New/ });
      expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Actions for Alice Admin' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Actions for Nia New' })).toBeInTheDocument();
    });

    it('a super admin masquerading as the company manages its users as its admin would, without its audit log', async () => {
      const { user } = await openPage({ who: MASQUERADING });
      await screen.findByRole('rowheader', { name: /^Alice Admin/ });
      expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Actions for Alice Admin' }));
      expect(within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Edit', 'Delete']);
      expect(screen.queryByRole('tab', { name: 'Activity log' })).not.toBeInTheDocument();
    });
  });

  it('shows the company admin the audit log, newest first, in readable entries, paged on the server', async () => {
    const event = (overrides: Partial<CompanyAuditEvent>): CompanyAuditEvent => ({
      id: 1, action: 'company_user_added', summary: 'nia@acme.test added as Junior buyer', actorEmail: 'admin@acme.test',
      byMasquerade: false, createdAt: '2026-03-02T12:00:00+00:00', companyId: 3, companyName: 'Acme Labs', ...overrides,
    });
    const { server, view, user } = await openPage({
      handlers: {
        CompanyAuditEvents: {
          data: {
            companyAuditEvents: {
              totalCount: 12,
              edges: [
                event({ id: 3, action: 'membership_role_changed', summary: 'nia@acme.test: Junior buyer → Senior buyer' }),
                event({ id: 2, action: 'masquerade_action', summary: 'userUpdate', actorEmail: 'superadmin@demo.test', byMasquerade: true }),
                event({ id: 1, action: 'something_new', summary: 'Something else', actorEmail: '' }),
              ],
            },
          },
        },
      },
    });
    await user.click(screen.getByRole('tab', { name: 'Activity log' }));
    const table = await screen.findByRole('table', { name: 'Activity log' });
    expect(view.location()).toBe('/user-management?tab=activity');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getAllByRole('cell')[1]).toHaveTextContent('Role changednia@acme.test: Junior buyer → Senior buyer');
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('superadmin@demo.testSupplier staff acting as your company');
    expect(within(rows[2]!).getAllByRole('cell')[1]).toHaveTextContent('Other activitySomething else');
    expect(within(rows[2]!).getAllByRole('cell')[2]).toHaveTextContent('The store');
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(server.callsTo('CompanyAuditEvents').map((call) => call.variables)).toEqual([
      { first: 10, offset: 0, companyId: null },
      { first: 10, offset: 10, companyId: null },
    ]));
    // A company without units below it: no company column, no filter.
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('shows the users as cards on a phone', async () => {
    mobileViewport();
    await openPage();
    const cards = await screen.findByRole('list', { name: 'Company users' });
    const nia = within(cards).getAllByRole('listitem').find((item) => item.textContent?.includes('Nia New'))!;
    expect(within(nia).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(nia).getByText('nia@acme.test')).toBeInTheDocument();
    expect(within(nia).getByRole('button', { name: 'Actions for Nia New' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  });
});

describe('users across units (issue 40)', () => {
  it('names each user’s unit after their name and filters by a unit, keeping it when the role changes', async () => {
    const { server, view, user } = await openPage({
      who: northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }),
      users: usersResult([{ ...ALICE, companyId: 5, companyName: 'Chemistry' }, { ...SAM, companyId: 12, companyName: 'Organic Synthesis Lab' }]),
      handlers: { CompanyUnits: companyUnitsResult(5) },
    });
    await screen.findByRole('rowheader', { name: /^Sam Senior/ });
    const table = screen.getByRole('table', { name: 'Company users' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name', 'Company', 'Email', 'Role', 'Phone', 'Added on', 'Actions',
    ]);
    expect(within(rowOf('Sam Senior')).getAllByRole('cell')[0]).toHaveTextContent('Organic Synthesis Lab');
    expect(usersCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, companyId: null }]);

    // Chemistry's admin: Chemistry and the lab below it, not the university above nor Biology beside.
    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All companies', 'Chemistry', '\u2003Organic Synthesis Lab']);
    await user.click(options[2]!);
    await waitFor(() => expect(usersCalls(server)).toHaveLength(2));
    expect(usersCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, companyId: 12 });
    expect(view.location()).toBe('/user-management?company=12');

    await choose(user, /Role/, 'Junior buyer');
    await waitFor(() => expect(usersCalls(server)).toHaveLength(3));
    expect(usersCalls(server)[2]).toEqual({ ...DEFAULT_VARIABLES, role: 2, companyId: 12 });
    expect(view.location()).toBe('/user-management?role=2&company=12');
  });

  it('says the list spans the units below the one acted for', async () => {
    await openPage({ who: northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }), handlers: { CompanyUnits: companyUnitsResult(5) } });
    expect(screen.getByText('The people of Chemistry and its units who use this portal, and what each of them may do.')).toBeInTheDocument();
  });

  it('adds a user to the unit acted for by default, or to a unit below it chosen in the dialog', async () => {
    const { server, user } = await openPage({
      who: northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }),
      handlers: {
        CompanyUnits: companyUnitsResult(5),
        UserCreate: (variables) => {
          const companyId = (variables.userData as { companyId?: number }).companyId;
          return { data: { userCreate: { ...NIA, companyId: companyId ?? 5, companyName: companyId === 12 ? 'Organic Synthesis Lab' : 'Chemistry' } } };
        },
      },
    });
    await screen.findByRole('rowheader', { name: /^Sam Senior/ });
    let dialog = await openAddDialog(user);
    const unit = within(dialog).getByRole('combobox', { name: /Unit/ });
    expect(unit).toHaveTextContent('Chemistry');
    expect(within(dialog).getByText('The unit they join. They work with its orders, quotes and lists.')).toBeInTheDocument();
    await user.click(unit);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    // The unit acted for and the units below it: not the university above nor Biology beside.
    expect(options.map((option) => option.textContent)).toEqual(['Chemistry', '\u2003Organic Synthesis Lab']);
    await user.click(options[1]!);
    expect(unit).toHaveTextContent(/^Organic Synthesis Lab$/);

    await enterText(user, within(dialog).getByLabelText(/^Email/), 'nia@northfield.test');
    await enterText(user, within(dialog).getByLabelText(/^First name/), 'Nia');
    await enterText(user, within(dialog).getByLabelText(/^Last name/), 'New');
    await choose(user, /Role/, 'Junior buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).not.toBeInTheDocument());
    expect(server.callsTo('UserCreate')[0]!.variables).toEqual({
      userData: { email: 'nia@northfield.test', firstName: 'Nia', lastName: 'New', phoneNumber: '', role: 2, customRoleId: null, extraFields: [], companyId: 12 },
    });

    // A new opening starts again at the unit acted for, which the server takes as its default (not sent).
    dialog = await openAddDialog(user);
    expect(within(dialog).getByRole('combobox', { name: /Unit/ })).toHaveTextContent('Chemistry');
    await enterText(user, within(dialog).getByLabelText(/^Email/), 'olga@northfield.test');
    await enterText(user, within(dialog).getByLabelText(/^First name/), 'Olga');
    await enterText(user, within(dialog).getByLabelText(/^Last name/), 'Organic');
    await choose(user, /Role/, 'Senior buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(server.callsTo('UserCreate')).toHaveLength(2));
    expect(server.callsTo('UserCreate')[1]!.variables.userData).not.toHaveProperty('companyId');
  });

  it('shows a refused unit under the picker', async () => {
    const { user } = await openPage({
      who: northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }),
      handlers: {
        CompanyUnits: companyUnitsResult(5),
        UserCreate: fieldRefusal({ companyId: ['Select a valid choice.'] }, { companyId: ['invalid_choice'] }),
      },
    });
    await screen.findByRole('rowheader', { name: /^Sam Senior/ });
    const dialog = await openAddDialog(user);
    await enterText(user, within(dialog).getByLabelText(/^Email/), 'nia@northfield.test');
    await enterText(user, within(dialog).getByLabelText(/^First name/), 'Nia');
    await enterText(user, within(dialog).getByLabelText(/^Last name/), 'New');
    await choose(user, /Role/, 'Junior buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Add user' }));
    const unit = within(dialog).getByRole('combobox', { name: /Unit/ });
    await waitFor(() => expect(unit).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).queryByText('The unit they join. They work with its orders, quotes and lists.')).not.toBeInTheDocument();
  });

  it('offers no unit picker to an admin whose company has no units below it', async () => {
    const { user } = await openPage();
    const dialog = await openAddDialog(user);
    expect(within(dialog).queryByRole('combobox', { name: /Unit/ })).not.toBeInTheDocument();
  });

  it('names each event’s unit in the activity log and filters it by a unit', async () => {
    const event = (id: number, companyId: number, companyName: string): CompanyAuditEvent => ({
      id, action: 'company_user_added', summary: `user ${id} added`, actorEmail: 'chem.admin@northfield.test', byMasquerade: false,
      createdAt: '2026-03-02T12:00:00+00:00', companyId, companyName,
    });
    const { server, user } = await openPage({
      path: '/user-management?tab=activity',
      who: northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }),
      handlers: {
        CompanyUnits: companyUnitsResult(5),
        CompanyAuditEvents: (variables) => ({
          data: {
            companyAuditEvents: {
              totalCount: 2,
              edges: [event(2, 12, 'Organic Synthesis Lab'), event(1, 5, 'Chemistry')].filter((item) => !variables.companyId || item.companyId === variables.companyId),
            },
          },
        }),
      },
    });
    const table = await screen.findByRole('table', { name: 'Activity log' });
    await within(table).findByText('user 2 added');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['When', 'Company', 'What happened', 'By']);
    const firstRow = within(table).getAllByRole('row')[1]!;
    expect(within(firstRow).getAllByRole('cell')[1]).toHaveTextContent('Organic Synthesis Lab');

    const filters = screen.getByRole('search', { name: 'Filter the activity log' });
    await user.click(within(filters).getByRole('combobox', { name: 'Company' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Chemistry' }));
    await waitFor(() => expect(within(table).queryByText('user 2 added')).not.toBeInTheDocument());
    expect(within(table).getByText('user 1 added')).toBeInTheDocument();
    expect(server.callsTo('CompanyAuditEvents').map((call) => call.variables)).toEqual([
      { first: 10, offset: 0, companyId: null },
      { first: 10, offset: 0, companyId: 5 },
    ]);
  });
});
