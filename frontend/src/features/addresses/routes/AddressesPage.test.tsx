import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import type { Permission } from '../../../lib/user/customerInfo';
import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { BookAddress } from '../api/addressFields';
import type { AddressesVariables } from '../api/addresses';
import { useFilterClock } from '../../../test/filterClock';

const SAM = { id: 7, name: 'Sam Senior' };
const ALICE = { id: 8, name: 'Alice Admin' };

const address = (overrides: Partial<BookAddress> = {}): BookAddress => ({
  id: 1,
  label: 'Receiving dock',
  firstName: 'Sam',
  lastName: 'Senior',
  companyName: 'Acme Labs',
  country: 'US',
  countryName: 'United States',
  state: 'MA',
  stateName: 'Massachusetts',
  addressLine1: '1 Science Park',
  addressLine2: 'Loading dock B',
  city: 'Boston',
  zipCode: '02115',
  phoneNumber: '+1 617 555 0142',
  isShipping: true,
  isBilling: false,
  isDefaultShipping: true,
  isDefaultBilling: false,
  extraFields: [],
  postalLines: ['Sam Senior', 'Acme Labs', '1 Science Park', 'Loading dock B', 'Boston, MA 02115', 'United States'],
  createdBy: SAM,
  companyId: 3,
  unitName: 'Acme Labs',
  isInherited: false,
  inheritedFrom: null,
  ...overrides,
});

const DOCK = address();
const PAYABLES = address({
  id: 2, label: '', firstName: 'Alice', lastName: 'Admin', addressLine2: 'Finance office', phoneNumber: '', isShipping: false, isBilling: true,
  isDefaultShipping: false, isDefaultBilling: true, createdBy: ALICE,
  postalLines: ['Alice Admin', 'Acme Labs', '1 Science Park', 'Finance office', 'Boston, MA 02115', 'United States'],
});

const page = (addresses: BookAddress[], totalCount = addresses.length): GraphQLResult => ({
  data: { addresses: { totalCount, edges: addresses.map((node) => ({ node })) } },
});

const DEFAULT_VARIABLES: AddressesVariables = {
  first: 12, offset: 0, search: null, country: null, state: null, city: null, isShipping: null, isBilling: null, orderBy: 'label', companyId: null,
};

const grant = (codes: string[], permissionLevel: number): Permission[] => codes.map((code) => ({ code, permissionLevel }));
const VIEW = ['get_addresses', 'get_address_detail', 'get_default_shipping', 'get_default_billing'];
const ACTIONS = ['create_address', 'update_address', 'delete_address'];
const SENIOR = customer({ permissions: grant([...VIEW, ...ACTIONS, 'create_quote'], 2) });

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult);

async function openAddresses({
  path = '/addresses',
  who = SENIOR,
  list = page([DOCK, PAYABLES]) as Handler,
  handlers = {} as Record<string, Handler>,
} = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(who), Addresses: list, ...handlers });
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: 'Addresses' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const listCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('Addresses').map((call) => call.variables);
const card = (title: string) => screen.getByRole('article', { name: title });
const toastTexts = () => getToasts().map((item) => item.message);
const settle = useFilterClock();
const fill = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

describe('address book page (issue 16)', () => {
  it('shows the book as cards: title, what each address is for, its postal lines and phone', async () => {
    const { server } = await openAddresses();
    const dock = await screen.findByRole('article', { name: 'Receiving dock' });

    expect(within(dock).getByText('Default shipping')).toBeInTheDocument();
    expect(within(dock).queryByText('Billing')).not.toBeInTheDocument();
    expect(dock.querySelector('address')?.textContent).toBe('Sam SeniorAcme Labs1 Science ParkLoading dock BBoston, MA 02115United States');
    expect(within(dock).getByText('+1 617 555 0142')).toBeInTheDocument();
    // Without a label the name is the title, and it is not said twice.
    const payables = card('Alice Admin');
    expect(within(payables).getByText('Default billing')).toBeInTheDocument();
    expect(payables.querySelector('address')?.textContent).toBe('Acme Labs1 Science ParkFinance officeBoston, MA 02115United States');

    expect(within(screen.getByRole('list', { name: 'Saved addresses' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 addresses');
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'Addresses' })).toHaveAttribute('aria-current', 'page');
    // One request, every argument sent (orderBy is required).
    expect(listCalls(server)).toEqual([DEFAULT_VARIABLES]);
  });

  it('searches once typing settles, filters by country, state, city and kind, sorts, and keeps it all in the URL', async () => {
    const { server, view, user } = await openAddresses();
    await screen.findByRole('article', { name: 'Receiving dock' });

    await user.type(screen.getByRole('searchbox', { name: 'Search addresses' }), ' dock ');
    await settle();
    expect(view.location()).toBe('/addresses?search=dock');

    // The state is offered once a country with states is chosen.
    expect(screen.queryByRole('combobox', { name: 'State or province' })).not.toBeInTheDocument();
    await choose(user, screen.getByRole('combobox', { name: 'Country' }), 'United States');
    await choose(user, screen.getByRole('combobox', { name: 'State or province' }), 'Massachusetts');
    fill(screen.getByRole('textbox', { name: 'City' }), 'Boston');
    await settle();
    await choose(user, screen.getByRole('combobox', { name: 'Used for' }), 'Billing');
    await choose(user, screen.getByRole('combobox', { name: 'Sort by' }), 'Newest first');

    expect(view.location()).toBe('/addresses?search=dock&country=US&state=MA&city=Boston&type=billing&sort=-createdAt');
    await waitFor(() =>
      expect(listCalls(server).at(-1)).toEqual({
        ...DEFAULT_VARIABLES, search: 'dock', country: 'US', state: 'MA', city: 'Boston', isBilling: true, orderBy: '-createdAt',
      }),
    );

    // Nothing matches: the filters can be cleared from the message.
    server.fetchMock.mockClear();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]!);
    expect(view.location()).toBe('/addresses?sort=-createdAt');
  });

  it('says when nothing matches, and offers to clear the filters', async () => {
    const { user, view } = await openAddresses({
      path: '/addresses?city=Paris&page=1',
      list: (variables) => (variables.city ? page([]) : page([DOCK])),
    });
    expect(await screen.findByRole('heading', { name: 'No addresses match' })).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]!);
    expect(view.location()).toBe('/addresses');
    expect(await screen.findByRole('article', { name: 'Receiving dock' })).toBeInTheDocument();
  });

  it('adds an address: every problem at its field, the first one focused; then the server’s refusal by code; then saved', async () => {
    let created = 0;
    const { server, user } = await openAddresses({
      handlers: {
        AddressCreate: (variables) => {
          created += 1;
          if (created === 1) {
            return {
              errors: [{
                message: 'Invalid input', extensions: {
                  code: 'VALIDATION_ERROR',
                  fields: { zipCode: ['ZIP / postal code may have at most 20 characters.'], isShipping: ['Choose shipping, billing or both.'] },
                  fieldCodes: { zipCode: ['max_length'], isShipping: ['address_kind'] },
                },
              }],
            };
          }
          return { data: { addressCreate: { address: address({ id: 3, ...(variables.addressData as object) }) } } };
        },
      },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });

    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    expect(within(dialog).getByRole('textbox', { name: /^First name/ })).toHaveFocus();
    expect(within(dialog).getByRole('textbox', { name: /^First name/ })).toHaveAccessibleDescription('This field is required.');
    for (const name of [/^Last name/, /^Address line 1/, /^City/, /^ZIP or postal code/]) {
      expect(within(dialog).getByRole('textbox', { name })).toHaveAccessibleDescription('This field is required.');
    }
    // Issue 36 item 14: the country starts on the browser's region (en-US here), not on none.
    expect(within(dialog).getByRole('combobox', { name: /^Country/ })).toHaveTextContent('United States');
    expect(within(dialog).getByRole('combobox', { name: /^Country/ })).not.toHaveAccessibleDescription('This field is required.');
    expect(server.callsTo('AddressCreate')).toHaveLength(0);

    fill(within(dialog).getByRole('textbox', { name: /^Label/ }), 'Freezer farm');
    fill(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Barbara');
    fill(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'McClintock');
    await choose(user, within(dialog).getByRole('combobox', { name: /^Country/ }), 'United States');
    // The country has states: one is required.
    expect(within(dialog).getByRole('combobox', { name: /^State or province/ })).toHaveAccessibleDescription('Choose a state or province.');
    await choose(user, within(dialog).getByRole('combobox', { name: /^State or province/ }), 'Massachusetts');
    fill(within(dialog).getByRole('textbox', { name: /^Address line 1/ }), '7 Cold Spring Road');
    fill(within(dialog).getByRole('textbox', { name: /^City/ }), 'Boston');
    fill(within(dialog).getByRole('textbox', { name: /^ZIP or postal code/ }), '02115');
    fill(within(dialog).getByRole('textbox', { name: /^Phone number/ }), 'call me');
    expect(within(dialog).getByRole('textbox', { name: /^Phone number/ })).toHaveAccessibleDescription(
      'Enter a valid phone number, for example +1 617 555 0100.',
    );
    fill(within(dialog).getByRole('textbox', { name: /^Phone number/ }), '+1 617 555 0177');
    // A default only of a kind the address has: unticking billing clears and disables the billing default.
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default billing address' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Billing' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Default billing address' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Default billing address' })).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default shipping address' }));

    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(server.callsTo('AddressCreate')).toHaveLength(1));
    // The server's refusals, translated by code, at their fields.
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^ZIP or postal code/ })).toHaveAccessibleDescription('This entry is too long.'),
    );
    expect(within(dialog).getByText('Choose shipping, billing or both.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /^ZIP or postal code/ })).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add address' })).not.toBeInTheDocument());
    expect(server.callsTo('AddressCreate')[1]!.variables).toEqual({
      addressData: {
        label: 'Freezer farm', firstName: 'Barbara', lastName: 'McClintock', companyName: '', country: 'US', state: 'MA',
        addressLine1: '7 Cold Spring Road', addressLine2: '', city: 'Boston', zipCode: '02115', phoneNumber: '+1 617 555 0177',
        isShipping: true, isBilling: false, isDefaultShipping: true, isDefaultBilling: false, extraFields: [],
      },
    });
    expect(toastTexts()).toContain('Address added.');
    // The book is asked for again: the new default takes the badge from the old one.
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
  });

  it('says in the dialog when the book is full', async () => {
    const { user } = await openAddresses({
      handlers: {
        AddressCreate: { errors: [{ message: 'The address book is full.', extensions: { code: 'ADDRESS_BOOK_FULL' } }] },
      },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    fill(within(dialog).getByRole('textbox', { name: /^First name/ }), 'Barbara');
    fill(within(dialog).getByRole('textbox', { name: /^Last name/ }), 'McClintock');
    await choose(user, within(dialog).getByRole('combobox', { name: /^Country/ }), 'Germany');
    // Germany has no list of states: the state is typed, and optional.
    expect(within(dialog).getByRole('textbox', { name: 'State or province' })).not.toBeRequired();
    fill(within(dialog).getByRole('textbox', { name: /^Address line 1/ }), 'Unter den Linden 1');
    fill(within(dialog).getByRole('textbox', { name: /^City/ }), 'Berlin');
    fill(within(dialog).getByRole('textbox', { name: /^ZIP or postal code/ }), '10117');
    await user.click(within(dialog).getByRole('button', { name: 'Add address' }));

    const alert = await within(dialog).findByText(
      'The address book is full. Delete an address you no longer need, then add the new one.',
    );
    expect(alert.closest('[role="alert"]')).toHaveFocus();
    expect(screen.getByRole('dialog', { name: 'Add address' })).toBeInTheDocument();
  });

  it('edits an address from its card, starting from what it holds', async () => {
    const { server, user } = await openAddresses({
      handlers: { AddressUpdate: (variables) => ({ data: { addressUpdate: { address: address(variables.addressData as object) } } }) },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    await user.click(within(card('Receiving dock')).getByRole('button', { name: 'Edit Receiving dock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    expect(within(dialog).getByRole('textbox', { name: /^Address line 2/ })).toHaveValue('Loading dock B');
    expect(within(dialog).getByRole('combobox', { name: /^State or province/ })).toHaveTextContent('Massachusetts');
    expect(within(dialog).getByRole('checkbox', { name: 'Default shipping address' })).toBeChecked();
    fill(within(dialog).getByRole('textbox', { name: /^Address line 2/ }), 'Loading dock C');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(server.callsTo('AddressUpdate')).toHaveLength(1));
    expect(server.callsTo('AddressUpdate')[0]!.variables).toMatchObject({
      id: 1,
      addressData: { addressLine2: 'Loading dock C', isShipping: true, isBilling: false, isDefaultShipping: true, isDefaultBilling: false },
    });
    await waitFor(() => expect(toastTexts()).toContain('Address saved.'));
  });

  it('deletes an address only after confirming, then goes on from the page heading', async () => {
    const { server, user } = await openAddresses({
      handlers: { AddressDelete: { data: { addressDelete: { id: 2 } } } },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    await user.click(within(card('Alice Admin')).getByRole('button', { name: 'Delete Alice Admin' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(confirm).toHaveTextContent('“Alice Admin” (Alice Admin, Acme Labs, 1 Science Park, Finance office, Boston, MA 02115, United States)');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete this address?' })).not.toBeInTheDocument());
    expect(server.callsTo('AddressDelete')).toHaveLength(0);

    await user.click(within(card('Alice Admin')).getByRole('button', { name: 'Delete Alice Admin' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete address' }));
    await waitFor(() => expect(server.callsTo('AddressDelete')).toHaveLength(1));
    expect(server.callsTo('AddressDelete')[0]!.variables).toEqual({ id: 2 });
    await waitFor(() => expect(toastTexts()).toContain('“Alice Admin” was deleted.'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Addresses' })).toHaveFocus());
  });

  it('makes an address the default of the kind chosen, and says when the server refuses', async () => {
    let calls = 0;
    const { server, user } = await openAddresses({
      handlers: {
        AddressSetDefault: () => {
          calls += 1;
          return calls === 1
            ? { data: { addressSetDefault: { address: address({ id: 2, isDefaultShipping: true }) } } }
            : { errors: [{ message: 'Only users who manage…', extensions: { code: 'PERMISSION_DENIED' } }] };
        },
      },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    // The dock is the default shipping address already: only the billing default is left to give it.
    await user.click(within(card('Receiving dock')).getByRole('button', { name: 'Set as default: Receiving dock' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Default billing address']);
    await user.keyboard('{Escape}');

    await user.click(within(card('Alice Admin')).getByRole('button', { name: 'Set as default: Alice Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Default shipping address' }));
    await waitFor(() => expect(server.callsTo('AddressSetDefault')).toHaveLength(1));
    expect(server.callsTo('AddressSetDefault')[0]!.variables).toEqual({ id: 2, kind: 'SHIPPING' });
    await waitFor(() => expect(toastTexts()).toContain('“Alice Admin” is now the default shipping address.'));

    await user.click(within(card('Alice Admin')).getByRole('button', { name: 'Set as default: Alice Admin' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Default shipping address' }));
    await waitFor(() =>
      expect(toastTexts()).toContain('You don’t have permission to make this change. Ask your company admin.'),
    );
  });

  it('lets a junior buyer read the book and nothing more', async () => {
    await openAddresses({ who: customer({ role: 2, permissions: grant(VIEW, 2) }) });
    const dock = await screen.findByRole('article', { name: 'Receiving dock' });
    expect(within(dock).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
  });

  it('lets a buyer who manages only their own addresses edit those, without touching the defaults', async () => {
    const { server, user } = await openAddresses({
      who: customer({ permissions: [...grant(VIEW, 2), ...grant(ACTIONS, 1)] }),
      list: page([DOCK, PAYABLES, address({ id: 4, label: 'Sam’s bench', isDefaultShipping: false, createdBy: SAM })]),
      handlers: { AddressUpdate: (variables) => ({ data: { addressUpdate: { address: address(variables.addressData as object) } } }) },
    });
    await screen.findByRole('article', { name: 'Receiving dock' });
    // Alice's address is out of reach; Sam's own default may be edited but not deleted (that changes the defaults).
    expect(within(card('Alice Admin')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card('Receiving dock')).getByRole('button', { name: 'Edit Receiving dock' })).toBeInTheDocument();
    expect(within(card('Receiving dock')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(card('Sam’s bench')).getByRole('button', { name: 'Delete Sam’s bench' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Set as default/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add address' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add address' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Default shipping address' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add address' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit Receiving dock' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit address' });
    await user.click(within(edit).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('AddressUpdate')).toHaveLength(1));
    // The defaults are left as they are.
    expect(server.callsTo('AddressUpdate')[0]!.variables).toMatchObject({ addressData: { isDefaultShipping: null, isDefaultBilling: null } });
  });

  it('gives an individual customer their own book, defaults included, with the personal form’s custom fields', async () => {
    const individual = customer({ role: 99, permissions: grant([...VIEW, ...ACTIONS], 1), companyInfo: null });
    const { server, user } = await openAddresses({
      who: individual,
      list: page([address({ companyName: '', createdBy: null, extraFields: [{ fieldName: 'gate', fieldValue: 'north' }] })]),
      handlers: {
        AccountFormFields: (variables) => ({
          data: {
            accountFormFields: [
              {
                id: 1, fieldName: 'gate', fieldType: 'dropdown', labelName: 'Delivery gate', isRequired: true, visible: true, groupId: 4,
                custom: true, order: 1, valueConfigs: { options: [{ label: 'North gate', value: 'north' }, { label: 'South gate', value: 'south' }] },
              },
              { id: 2, fieldName: 'city', fieldType: 'text', labelName: 'City', isRequired: true, visible: true, groupId: 4, custom: false, order: 2, valueConfigs: {} },
              {
                id: 3, fieldName: 'hobby', fieldType: 'text', labelName: 'Hobby', isRequired: false, visible: true, groupId: 2, custom: true, order: 3,
                valueConfigs: {}, formType: variables.formType,
              },
            ],
          },
        }),
        AddressUpdate: (variables) => ({ data: { addressUpdate: { address: address(variables.addressData as object) } } }),
      },
    });
    expect(screen.getByText('Your saved shipping and billing addresses, offered at checkout and on quotes.')).toBeInTheDocument();
    const dock = await screen.findByRole('article', { name: 'Receiving dock' });
    await waitFor(() => expect(within(dock).getByText('Delivery gate')).toBeInTheDocument());
    expect(within(dock).getByText('north')).toBeInTheDocument();
    expect(server.callsTo('AccountFormFields')[0]!.variables).toEqual({ formType: 2 });
    expect(within(dock).getByRole('button', { name: 'Set as default: Receiving dock' })).toBeInTheDocument();

    await user.click(within(dock).getByRole('button', { name: 'Edit Receiving dock' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit address' });
    // Only the address group's custom fields are asked.
    expect(within(dialog).queryByRole('textbox', { name: 'Hobby' })).not.toBeInTheDocument();
    await choose(user, within(dialog).getByRole('combobox', { name: /^Delivery gate/ }), 'Not specified');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(within(dialog).getByRole('combobox', { name: /^Delivery gate/ })).toHaveAccessibleDescription('Delivery gate is required.');
    await choose(user, within(dialog).getByRole('combobox', { name: /^Delivery gate/ }), 'South gate');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(server.callsTo('AddressUpdate')).toHaveLength(1));
    expect(server.callsTo('AddressUpdate')[0]!.variables).toMatchObject({
      addressData: { extraFields: [{ fieldName: 'gate', fieldValue: 'south' }], isDefaultShipping: true, isDefaultBilling: false },
    });
  });

  it('shows an empty book with the way to start it, or says who fills it', async () => {
    const { user } = await openAddresses({ list: page([]) });
    expect(await screen.findByRole('heading', { name: 'No saved addresses yet' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    expect(await screen.findByRole('dialog', { name: 'Add address' })).toBeInTheDocument();
  });

  it('shows the read-only empty book to a junior buyer, and a failed load with a retry', async () => {
    let fail = true;
    const { server, user } = await openAddresses({
      who: customer({ role: 2, permissions: grant(VIEW, 2) }),
      list: () => (fail ? { errors: [{ message: 'Boom', extensions: { code: 'INTERNAL_ERROR' } }] } : page([])),
    });
    expect(await screen.findByText('The addresses could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('The addresses your company saves will appear here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add address' })).not.toBeInTheDocument();
    expect(listCalls(server).length).toBeGreaterThanOrEqual(2);
  });

  it('stacks the cards on mobile and keeps every action at hand', async () => {
    mobileViewport();
    await openAddresses();
    const dock = await screen.findByRole('article', { name: 'Receiving dock' });
    expect(within(dock).getByRole('button', { name: 'Edit Receiving dock' })).toBeInTheDocument();
    // The paging buttons fit a phone: no first / last page buttons.
    expect(screen.queryByRole('button', { name: 'Go to first page' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
  });
});

describe('the address book across units (issue 40)', () => {
  it('names the unit whose book holds each address and filters by a unit', async () => {
    const lab = address({ id: 5, label: 'Lab bench', companyId: 12, unitName: 'Organic Synthesis Lab', companyName: 'Northfield University' });
    const { server, view, user } = await openAddresses({
      who: northfieldUser(1, { permissions: grant([...VIEW, ...ACTIONS], 2) }),
      list: page([lab, address({ companyId: 1, unitName: 'Northfield University' })]),
      handlers: { CompanyUnits: companyUnitsResult(1) },
    });
    const bench = await screen.findByRole('article', { name: 'Lab bench' });
    // The unit, not the address's own company line.
    expect(within(bench).getByText('Company').nextElementSibling).toHaveTextContent('Organic Synthesis Lab');
    expect(within(card('Receiving dock')).getByText('Company').nextElementSibling).toHaveTextContent('Northfield University');
    expect(listCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, companyId: null }]);

    await choose(user, screen.getByRole('combobox', { name: 'Company' }), 'Biology');
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
    expect(listCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, companyId: 6 });
    expect(view.location()).toBe('/addresses?company=6');
  });

  it('says the book spans the units below the one acted for', async () => {
    await openAddresses({
      who: northfieldUser(5, { permissions: grant([...VIEW, ...ACTIONS], 2) }),
      handlers: { CompanyUnits: companyUnitsResult(5) },
    });
    expect(
      screen.getByText('The shipping and billing addresses of Chemistry and its units, each shared by the people of its unit. They are offered at checkout and on quotes.'),
    ).toBeInTheDocument();
  });

  it('marks an address a unit above shares as such and offers no action on it (the server refuses them)', async () => {
    const shared = address({
      id: 9, label: 'Department store room', companyId: 5, unitName: 'Chemistry', isInherited: true, inheritedFrom: 'Chemistry',
      isDefaultShipping: false, createdBy: { id: 21, name: 'Una Admin' },
    });
    const own = address({ id: 10, label: 'Lab bench', companyId: 12, unitName: 'Organic Synthesis Lab', isDefaultShipping: false, createdBy: { id: 21, name: 'Una Admin' } });
    await openAddresses({
      who: northfieldUser(12, { permissions: grant([...VIEW, ...ACTIONS], 2) }),
      list: page([shared, own]),
      handlers: { CompanyUnits: companyUnitsResult(12) },
    });
    const sharedCard = await screen.findByRole('article', { name: 'Department store room' });
    expect(within(sharedCard).getByText('Shared by Chemistry')).toBeInTheDocument();
    expect(within(sharedCard).queryByRole('button')).not.toBeInTheDocument();
    // The lab's own address keeps every action.
    const ownCard = card('Lab bench');
    expect(within(ownCard).queryByText(/^Shared by/)).not.toBeInTheDocument();
    expect(within(ownCard).getAllByRole('button').map((button) => button.textContent)).toEqual(['Edit', 'Set as default', 'Delete']);
  });

  it('shows no company and no filter in a book that spans no units', async () => {
    const { server } = await openAddresses();
    const dock = await screen.findByRole('article', { name: 'Receiving dock' });
    expect(within(dock).queryByText('Company')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });
});
