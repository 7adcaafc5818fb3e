import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import { enterText } from '../../../test/userInput';
import type { ShoppingListCard } from '../api/shoppingListFields';
import type { ShoppingListsVariables } from '../api/shoppingLists';

const card = (overrides: Partial<ShoppingListCard> = {}): ShoppingListCard => ({
  id: 12,
  name: 'Weekly consumables',
  description: 'What the teaching lab reorders every Monday.',
  status: 0,
  statusLabel: 'Approved',
  reason: null,
  isOwner: true,
  itemCount: 3,
  createdAt: '2026-03-01T12:00:00+00:00',
  updatedAt: '2026-03-02T12:00:00+00:00',
  customerInfo: { userId: 7, firstName: 'Sam', lastName: 'Senior', email: 'senior@acme.test', role: 1 },
  canEdit: true,
  canAddItems: true,
  canDelete: true,
  canDuplicate: true,
  companyId: 3,
  companyName: 'Acme Labs',
  ...overrides,
});

const REJECTED = card({
  id: 14, name: 'Extra solvents', description: '', status: 50, statusLabel: 'Rejected', itemCount: 1, isOwner: false,
  reason: 'Order the 1 L packs instead.',
  customerInfo: { userId: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test', role: 2 },
  canEdit: false, canDelete: false,
});

const listsResult = (lists: ShoppingListCard[], totalCount = lists.length, field = 'shoppingLists'): GraphQLResult => ({
  data: { [field]: { totalCount, edges: lists.map((node) => ({ node })) } },
});

const MAKERS: GraphQLResult = {
  data: {
    createdByUser: [
      { id: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' },
      { id: 7, firstName: 'Sam', lastName: 'Senior', email: 'senior@acme.test' },
    ],
  },
};

const FIRST_PAGE: ShoppingListsVariables = { first: 50, offset: 0, search: null, createdBy: null, status: null, orderBy: '-updatedAt', companyId: null };

const B2C = customer({
  role: 99,
  permissions: [...DEMO_PERMISSIONS.individual],
  companyInfo: null,
  userInfo: { id: 11, firstName: 'Casey', lastName: 'Customer', email: 'b2c@demo.test' },
});
const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { id: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' } });

type Handlers = Parameters<typeof mockGraphQL>[0];

async function openLists(handlers: Handlers = {}, who = customer()) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    ShoppingLists: listsResult([card(), REJECTED]),
    ShoppingListMakers: MAKERS,
    ...handlers,
  });
  const view = renderPortal('/shoppingLists');
  await screen.findByRole('heading', { level: 1, name: 'Shopping lists' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const toastTexts = () => getToasts().map((item) => `${item.type}: ${item.message}`);
const listCalls = (server: ReturnType<typeof mockGraphQL>, name = 'ShoppingLists') => server.callsTo(name).map((call) => call.variables);

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: string, name: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('shopping lists page (issue 18)', () => {
  it('shows each list as a card: name linking to it, status, description, maker, products and last activity', async () => {
    const { server } = await openLists();
    const weekly = await screen.findByRole('article', { name: 'Weekly consumables' });
    expect(listCalls(server)).toEqual([FIRST_PAGE]);

    expect(within(weekly).getByRole('link', { name: 'Weekly consumables' })).toHaveAttribute('href', '/shoppingList/12');
    expect(within(weekly).getByText('Approved')).toBeInTheDocument();
    expect(within(weekly).getByText('What the teaching lab reorders every Monday.')).toBeInTheDocument();
    expect(within(weekly).getByText('Sam Senior')).toBeInTheDocument();
    expect(within(weekly).getByText('3 products')).toBeInTheDocument();
    expect(within(weekly).getByText('Mar 2, 2026, 12:00 PM', { exact: false })).toBeInTheDocument();

    // The server says what the caller may do with each list: a colleague's rejected list can only be copied.
    const rejected = screen.getByRole('article', { name: 'Extra solvents' });
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Rejected: Order the 1 L packs instead.')).toBeInTheDocument();
    expect(within(rejected).getByText('No description')).toBeInTheDocument();
    expect(within(rejected).getAllByRole('button').map((button) => button.textContent)).toEqual(['Duplicate']);
    expect(within(weekly).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Edit Weekly consumables', 'Duplicate Weekly consumables', 'Delete Weekly consumables',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 lists');
  });

  it('filters by status and maker at once and by search on Enter, sorts, and pages within the server’s cap', async () => {
    const { server, user, view } = await openLists();
    await screen.findByRole('article', { name: 'Weekly consumables' });

    await choose(user, 'Status', 'Ready for approval');
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, status: [40] }));
    await choose(user, 'Created by', 'Jules Junior');
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, status: [40], createdBy: 9 }));
    expect(server.callsTo('ShoppingListMakers')[0]!.variables).toEqual({ companyId: 3 });

    await user.type(screen.getByRole('searchbox', { name: 'Search lists' }), 'solvent{Enter}');
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, status: [40], createdBy: 9, search: 'solvent' }));
    expect(view.location()).toBe('/shoppingLists?search=solvent&status=40&createdBy=9');

    await choose(user, 'Sort by', 'Name (A–Z)');
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, status: [40], createdBy: 9, search: 'solvent', orderBy: 'name' }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, orderBy: 'name' }));
  });

  it('pages: 50 a page by default (business §9), every size at most 100', async () => {
    const { server, user } = await openLists({ ShoppingLists: listsResult([card()], 120) });
    await screen.findByRole('article', { name: 'Weekly consumables' });
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(listCalls(server).at(-1)).toEqual({ ...FIRST_PAGE, offset: 50 }));
    await user.click(screen.getByRole('combobox', { name: 'Lists per page:' }));
    const sizes = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(sizes).toEqual(['20', '50', '100']);
  });

  it('creates a list and opens it; a junior buyer is told it needs approval', async () => {
    const created = { data: { shoppingListsCreate: { shoppingList: { id: 31, name: 'Practical 3', status: 30 } } } };
    const { server, user, view } = await openLists({ ShoppingListsCreate: created }, JUNIOR);
    await screen.findByRole('article', { name: 'Weekly consumables' });
    // A level-1 holder sees only their own lists: no "created by" filter.
    expect(screen.queryByRole('combobox', { name: 'Created by' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New shopping list' });
    expect(within(dialog).getByText('Your lists need approval: submit the list for approval once its products are in.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));
    expect(within(dialog).getByText('Give the list a name.')).toBeInTheDocument();
    expect(server.callsTo('ShoppingListsCreate')).toHaveLength(0);

    await enterText(user, within(dialog).getByLabelText(/List name/), 'Practical 3');
    await enterText(user, within(dialog).getByLabelText('Description'), 'Solvents');
    await user.click(within(dialog).getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(view.location()).toBe('/shoppingList/31'));
    expect(server.callsTo('ShoppingListsCreate')[0]!.variables).toEqual({ shoppingListData: { name: 'Practical 3', description: 'Solvents' }, channelId: 1 });
    expect(toastTexts()).toContain('success: “Practical 3” was created.');
  });

  it('shows the server’s field errors in the dialog', async () => {
    const refused = {
      errors: [{ message: 'Invalid', extensions: { code: 'VALIDATION_ERROR', fields: { name: ['Too long.'] }, fieldCodes: { name: ['max_length'] } } }],
    };
    const { user } = await openLists({ ShoppingListsUpdate: refused });
    await user.click(await screen.findByRole('button', { name: 'Edit Weekly consumables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Weekly consumables' });
    expect(within(dialog).getByLabelText(/List name/)).toHaveValue('Weekly consumables');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This entry is too long.')).toBeInTheDocument();
  });

  it('duplicates a list under the name given, and deletes one after confirming', async () => {
    const { server, user } = await openLists({
      ShoppingListsDuplicate: { data: { shoppingListsDuplicate: { shoppingList: { id: 40, name: 'Weekly consumables (copy)', status: 0 } } } },
      ShoppingListsDelete: { data: { shoppingListsDelete: { id: 12 } } },
    });
    await user.click(await screen.findByRole('button', { name: 'Duplicate Weekly consumables' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate Weekly consumables' });
    expect(within(dialog).getByLabelText(/List name/)).toHaveValue('Weekly consumables (copy)');
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(server.callsTo('ShoppingListsDuplicate')[0]!.variables).toEqual({
        id: 12,
        shoppingListData: { name: 'Weekly consumables (copy)', description: 'What the teaching lab reorders every Monday.' },
      }),
    );
    await waitFor(() => expect(toastTexts()).toContain('success: The copy “Weekly consumables (copy)” was created.'));

    await user.click(await screen.findByRole('button', { name: 'Delete Weekly consumables' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this shopping list?' });
    expect(confirm).toHaveTextContent('“Weekly consumables” and its 3 products will be deleted. This can’t be undone.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete list' }));
    await waitFor(() => expect(server.callsTo('ShoppingListsDelete')[0]!.variables).toEqual({ id: 12 }));
    await waitFor(() => expect(toastTexts()).toContain('success: “Weekly consumables” was deleted.'));
  });

  it('says when there are no lists yet, and when none match', async () => {
    const { user } = await openLists({ ShoppingLists: listsResult([]) });
    expect(await screen.findByRole('heading', { name: 'No shopping lists yet' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New list' }));
    expect(await screen.findByRole('dialog', { name: 'New shopping list' })).toBeInTheDocument();
  });

  it('an individual customer keeps lists of their own: customerShoppingLists, no status or maker', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({
      CustomerInfo: customerResult(B2C),
      CustomerShoppingLists: listsResult([card({ name: 'Home lab', customerInfo: null })], 1, 'customerShoppingLists'),
    });
    renderPortal('/shoppingLists');
    const home = await screen.findByRole('article', { name: 'Home lab' });
    expect(screen.getByText('Lists of what you order again and again.')).toBeInTheDocument();
    // An individual customer's own lists: no maker, no unit.
    const { createdBy: _none, companyId: _noUnit, ...variables } = FIRST_PAGE;
    expect(server.callsTo('CustomerShoppingLists')[0]!.variables).toEqual(variables);
    expect(server.callsTo('ShoppingLists')).toHaveLength(0);
    expect(within(home).queryByText('Approved')).not.toBeInTheDocument();
    expect(within(home).queryByText('Created by')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Created by' })).not.toBeInTheDocument();
  });

  it('says so, without a retry, when shopping lists are off for the caller', async () => {
    await openLists({ ShoppingLists: { errors: [{ message: 'Off', extensions: { code: 'SHOPPING_LISTS_DISABLED' } }] } });
    expect(await screen.findByText('Shopping lists are not available for this account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New list' })).not.toBeInTheDocument();
  });

  it('shows the cards one under another on a phone', async () => {
    mobileViewport();
    await openLists();
    const weekly = await screen.findByRole('article', { name: 'Weekly consumables' });
    expect(within(weekly).getByRole('link', { name: 'Weekly consumables' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });
});

describe('shopping lists across units (issue 40)', () => {
  it('names each list’s unit and filters by a unit, asking who made the lists of that unit', async () => {
    const { server, view, user } = await openLists(
      {
        CompanyUnits: companyUnitsResult(5),
        ShoppingLists: listsResult([card({ companyId: 12, companyName: 'Organic Synthesis Lab' }), { ...REJECTED, companyId: 5, companyName: 'Chemistry' }]),
      },
      northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }),
    );
    const weekly = await screen.findByRole('article', { name: 'Weekly consumables' });
    expect(within(weekly).getByText('Company').nextElementSibling).toHaveTextContent('Organic Synthesis Lab');
    expect(screen.getByText('Lists of what your labs order again and again, shared at Chemistry and its units.')).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Extra solvents' })).getByText('Company').nextElementSibling).toHaveTextContent('Chemistry');
    expect(listCalls(server)).toEqual([{ ...FIRST_PAGE, companyId: null }]);
    await waitFor(() => expect(server.callsTo('ShoppingListMakers').map((call) => call.variables)).toEqual([{ companyId: 5 }]));

    await choose(user, 'Company', 'Organic Synthesis Lab');
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
    expect(listCalls(server)[1]).toEqual({ ...FIRST_PAGE, companyId: 12 });
    expect(view.location()).toBe('/shoppingLists?company=12');
    await waitFor(() => expect(server.callsTo('ShoppingListMakers').map((call) => call.variables)).toEqual([{ companyId: 5 }, { companyId: 12 }]));
  });

  it('shows no unit on the lists of a company that spans none', async () => {
    const { server } = await openLists();
    const weekly = await screen.findByRole('article', { name: 'Weekly consumables' });
    expect(within(weekly).queryByText('Company')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });
});
