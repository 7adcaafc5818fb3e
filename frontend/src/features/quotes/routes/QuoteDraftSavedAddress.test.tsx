import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { setB2BToken } from '../../../lib/session';
import type { Permission } from '../../../lib/user/customerInfo';
import { customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { QUOTE_DRAFT_KEY_STORAGE_KEY } from '../../../lib/quoteDraftKey';
import type { QuoteAddress, QuoteDraft } from '../api/draftFields';
import type { SavedAddress } from '../api/quoteSavedAddresses';

// "Choose from saved" on the draft's shipping and billing blocks (issue 16).

const empty = (): QuoteAddress => ({
  address: '', addressId: null, apartment: '', companyName: '', city: '', country: '', firstName: '', label: '', lastName: '',
  phoneNumber: '', state: '', zipCode: '',
});

const draft = (overrides: Partial<QuoteDraft> = {}): QuoteDraft => ({
  draftKey: null, id: 9, cartId: null, currencyCode: 'USD', showInclusive: false, pricesHidden: false, note: '',
  contactInfo: { name: 'Sam Senior', email: 'senior@acme.test', companyName: 'Acme Labs', phoneNumber: '', quoteTitle: '' },
  shippingAddress: empty(), billingAddress: empty(), fileInfo: [], products: [],
  totals: { subtotal: '0.00', tax: '0.00', grandTotal: '0.00' },
  ...overrides,
});

const saved = (overrides: Partial<SavedAddress> = {}): SavedAddress => ({
  id: 1, label: 'Receiving dock', firstName: 'Sam', lastName: 'Senior', companyName: 'Acme Labs', country: 'US', countryName: 'United States',
  state: 'MA', addressLine1: '1 Science Park', addressLine2: 'Loading dock B', city: 'Boston', zipCode: '02115', phoneNumber: '+1 617 555 0142',
  postalLines: ['Sam Senior', 'Acme Labs', '1 Science Park', 'Loading dock B', 'Boston, MA 02115', 'United States'],
  ...overrides,
});

const DOCK = saved();
const COLD_ROOM = saved({
  id: 2, label: '', firstName: 'Jules', lastName: 'Junior', addressLine1: '45 Fenwood Road', addressLine2: 'Room 210', phoneNumber: '',
  postalLines: ['Jules Junior', 'Acme Labs', '45 Fenwood Road', 'Room 210', 'Boston, MA 02115', 'United States'],
});
const PAYABLES = saved({ id: 3, label: 'Accounts payable', addressLine2: 'Finance office', postalLines: ['Alice Admin', 'Acme Labs', '1 Science Park', 'Finance office', 'Boston, MA 02115', 'United States'] });

const list = (addresses: SavedAddress[]): GraphQLResult => ({ data: { addresses: { edges: addresses.map((node) => ({ node })) } } });
const grant = (codes: string[]): Permission[] => codes.map((code) => ({ code, permissionLevel: 2 }));
const BUYER = ['get_addresses', 'get_address_detail', 'get_default_shipping', 'get_default_billing', 'create_quote'];

async function openDraft(permissions = grant(BUYER), handlers: Record<string, GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult)> = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(customer({ permissions })),
    QuoteDraft: { data: { quoteDraft: draft() } },
    QuoteSavedAddresses: (variables) =>
      list(variables.isBilling ? [PAYABLES] : [COLD_ROOM, DOCK].filter((address) => !variables.search || address.postalLines.join(' ').includes(String(variables.search)))),
    QuoteDefaultShippingAddress: { data: { defaultShippingAddress: DOCK } },
    QuoteDefaultBillingAddress: { data: { defaultBillingAddress: null } },
    QuoteDraftUpdate: (variables) => ({ data: { quoteDraftUpdate: { message: '', draft: draft(variables.data as Partial<QuoteDraft>) } } }),
    ...handlers,
  });
  renderPortal('/quoteDraft');
  await screen.findByRole('heading', { level: 1, name: 'Quote draft' });
  return { server, user: userEvent.setup({ delay: null }) };
}

const shipping = () => screen.getByRole('group', { name: 'Shipping address' });

describe('choose from saved addresses in the quote draft (issue 16)', () => {
  afterEach(() => window.localStorage.clear());

  it('offers the default first, fills the block with the chosen address and saves its id', async () => {
    const { server, user } = await openDraft();
    const picker = await within(await waitFor(shipping)).findByRole('combobox', { name: 'Choose from saved addresses' });
    // The book is asked for once the picker is used, not with every draft.
    expect(server.callsTo('QuoteSavedAddresses')).toHaveLength(0);

    await user.click(picker);
    const listbox = await screen.findByRole('listbox');
    await waitFor(() => expect(within(listbox).getAllByRole('option')).toHaveLength(2));
    const options = within(listbox).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Receiving dockDefaultSam Senior, Acme Labs, 1 Science Park, Loading dock B, Boston, MA 02115, United States');
    expect(options[1]).toHaveTextContent('Jules JuniorAcme Labs, 45 Fenwood Road, Room 210, Boston, MA 02115, United States');
    expect(server.callsTo('QuoteSavedAddresses')[0]!.variables).toEqual({ first: 10, search: null, isShipping: true, isBilling: null });

    await user.click(options[1]!);
    const block = shipping();
    expect(within(block).getByLabelText('First name')).toHaveValue('Jules');
    expect(within(block).getByLabelText('Address')).toHaveValue('45 Fenwood Road');
    expect(within(block).getByLabelText('Apartment, suite, unit')).toHaveValue('Room 210');
    expect(within(block).getByRole('combobox', { name: 'Country' })).toHaveTextContent('United States');
    expect(within(block).getByRole('combobox', { name: 'State or province' })).toHaveTextContent('Massachusetts');
    expect(within(block).getByRole('combobox', { name: 'Choose from saved addresses' })).toHaveValue('');
    expect(within(block).getByRole('combobox', { name: 'Choose from saved addresses' })).toHaveAccessibleDescription(
      'Filled in from the address book: Jules Junior',
    );

    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdate')).toHaveLength(1));
    const filled = {
      addressId: 2, label: '', firstName: 'Jules', lastName: 'Junior', companyName: 'Acme Labs', phoneNumber: '', address: '45 Fenwood Road',
      apartment: 'Room 210', city: 'Boston', zipCode: '02115', country: 'United States', state: 'MA',
    };
    // The billing address is a copy while "the same" is ticked: the fields, not the saved address's id.
    expect(server.callsTo('QuoteDraftUpdate')[0]!.variables).toMatchObject({
      data: { shippingAddress: filled, billingAddress: { ...filled, addressId: null } },
    });
  });

  it('searches the book as the buyer types, and forgets the saved address once a field is changed', async () => {
    const { server, user } = await openDraft();
    const picker = await within(await waitFor(shipping)).findByRole('combobox', { name: 'Choose from saved addresses' });
    await user.type(picker, 'Fenwood');
    await waitFor(() => expect(server.callsTo('QuoteSavedAddresses').some((call) => call.variables.search === 'Fenwood')).toBe(true));
    const listbox = await screen.findByRole('listbox');
    // The default does not match: only the match is offered.
    await waitFor(() => expect(within(listbox).getAllByRole('option').map((option) => option.textContent?.slice(0, 12))).toEqual(['Jules Junior']));
    await user.click(within(listbox).getByRole('option'));
    expect(within(shipping()).getByLabelText('City')).toHaveValue('Boston');

    fireEvent.change(within(shipping()).getByLabelText('City'), { target: { value: 'Brookline' } });
    expect(within(shipping()).getByRole('combobox', { name: 'Choose from saved addresses' })).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(server.callsTo('QuoteDraftUpdate')).toHaveLength(1));
    const sent = server.callsTo('QuoteDraftUpdate')[0]!.variables.data as { shippingAddress: Record<string, unknown> };
    expect(sent.shippingAddress).toMatchObject({ city: 'Brookline', firstName: 'Jules', label: '', addressId: null });
  });

  it('offers billing addresses in the billing block', async () => {
    const { server, user } = await openDraft();
    await user.click(await screen.findByRole('checkbox', { name: 'Billing address is the same as the shipping address' }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    await user.click(within(billing).getByRole('combobox', { name: 'Choose from saved addresses' }));
    await user.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: /Accounts payable/ }));
    expect(within(billing).getByLabelText('Apartment, suite, unit')).toHaveValue('Finance office');
    expect(within(shipping()).getByLabelText('Apartment, suite, unit')).toHaveValue('');
    expect(server.callsTo('QuoteSavedAddresses')[0]!.variables).toMatchObject({ isShipping: null, isBilling: true });
    expect(server.callsTo('QuoteDefaultBillingAddress')).toHaveLength(1);
  });

  it('is not offered without the right to read the address book', async () => {
    await openDraft(grant(['create_quote']));
    await waitFor(shipping);
    expect(within(shipping()).getByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Choose from saved addresses' })).not.toBeInTheDocument();
  });

  it('is not offered to a guest', async () => {
    window.localStorage.setItem(QUOTE_DRAFT_KEY_STORAGE_KEY, 'key-1');
    const server = mockGraphQL({ QuoteDraft: { data: { quoteDraft: draft({ draftKey: 'key-1' }) } } });
    renderPortal('/quoteDraft');
    await screen.findByRole('heading', { level: 1, name: 'Quote draft' });
    expect(within(await waitFor(shipping)).getByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Choose from saved addresses' })).not.toBeInTheDocument();
    expect(server.callsTo('QuoteSavedAddresses')).toHaveLength(0);
  });
});
