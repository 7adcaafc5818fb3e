import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { setB2BToken } from '../../../lib/session';
import { customer, customerResult, mockGraphQL } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';

const SUPER_ADMIN = customer({ role: 3, permissions: [], companyInfo: null, userInfo: { id: 9, email: 'superadmin@demo.test', firstName: 'Sue', lastName: 'Superadmin', companyRoleName: 'Super admin' } });
const MASQUERADING = {
  ...customer({ role: 3, companyInfo: { id: 3, companyName: 'Acme Labs', status: 1, rejectionReason: '' }, userInfo: { id: 9, email: 'superadmin@demo.test' } }),
  masquerade: { id: 3, isAgenting: true, companyName: 'Acme Labs', customerGroupId: 2 },
};

const COMPANIES = Array.from({ length: 25 }, (_, index) => ({
  companyId: index + 1,
  id: index + 1,
  companyName: `Company ${String(index + 1).padStart(2, '0')}`,
  companyEmail: `c${index + 1}@lab.test`,
  status: index === 1 ? 0 : 1,
  isAgenting: false,
  // Issue 40: Company 04 is a unit of Company 03.
  parentId: index === 3 ? 3 : null,
  parentName: index === 3 ? 'Company 03' : '',
  depth: index === 3 ? 1 : 0,
}));

/** The tree order of the server (orderBy `tree`): each unit right after the unit above it. */
const treePath = (company: (typeof COMPANIES)[number]) =>
  [company.parentId, company.id].filter((id) => id !== null).map((id) => String(id).padStart(3, '0')).join('/');

function companiesHandler(agenting: { id: number | null }) {
  return (variables: Record<string, unknown>) => {
    const q = String(variables.q ?? '').toLowerCase();
    const orderBy = String(variables.orderBy ?? '');
    if (!orderBy) return { errors: [{ message: 'Invalid query: orderBy property is required' }] };
    const field = orderBy.replace(/^-/, '') as 'companyName' | 'companyEmail' | 'tree';
    const key = (c: (typeof COMPANIES)[number]) => (field === 'tree' ? treePath(c) : c[field]);
    const rows = COMPANIES.filter((c) => c.companyName.toLowerCase().includes(q))
      .sort((a, b) => key(a).localeCompare(key(b)) * (orderBy.startsWith('-') ? -1 : 1))
      .map((c) => ({ ...c, isAgenting: c.id === agenting.id }));
    const offset = Number(variables.offset);
    const first = Number(variables.first);
    return { data: { superAdminCompanies: { totalCount: rows.length, edges: rows.slice(offset, offset + first).map((node) => ({ node })) } } };
  };
}

async function openDashboard(extra: Parameters<typeof mockGraphQL>[0] = {}, options: Parameters<typeof mockGraphQL>[1] = {}) {
  setB2BToken('tok');
  const agenting = { id: null as number | null };
  let current = SUPER_ADMIN;
  const server = mockGraphQL(
    {
      CustomerInfo: () => customerResult(current),
      SuperAdminCompanies: companiesHandler(agenting),
      SuperAdminBeginMasquerade: (variables) => {
        agenting.id = Number(variables.companyId);
        current = MASQUERADING;
        return { data: { superAdminBeginMasquerade: { id: agenting.id, isAgenting: true, companyName: 'Acme Labs', customerGroupId: 2 } } };
      },
      SuperAdminEndMasquerade: (variables) => {
        agenting.id = null;
        current = SUPER_ADMIN;
        return { data: { superAdminEndMasquerade: { id: Number(variables.companyId), isAgenting: false, companyName: 'Acme Labs', customerGroupId: 2 } } };
      },
      DeleteCart: { data: { deleteCart: { deletedCartEntityId: 'cart-7' } } },
      ...extra,
    },
    { rest: { 'GET /cart.php': { body: '<html><body></body></html>' } }, ...options },
  );
  const view = renderPortal('/dashboard');
  await screen.findByRole('heading', { name: 'Dashboard' });
  const table = await screen.findByRole('table', { name: 'Dashboard' });
  return { server, view, table, user: userEvent.setup({ delay: null }) };
}

/** The company name heading each body row (its row header). */
function names(table: HTMLElement) {
  return within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
}

describe('dashboard (shell §2, §6)', () => {
  it('lists the companies sorted by name, 10 a page, and asks with the required orderBy', async () => {
    const { server, table } = await openDashboard();
    expect(names(table)).toHaveLength(10);
    expect(names(table)[0]).toBe('Company 01');
    expect(server.callsTo('SuperAdminCompanies')[0]!.variables).toEqual({ superAdminId: 9, first: 10, offset: 0, q: '', orderBy: 'companyName' });
    expect(screen.getByText('1–10 of 25')).toBeInTheDocument();
  });

  it('sorts, pages by 10, 20 or 30 and searches', async () => {
    const { server, table, user } = await openDashboard();
    await user.click(within(table).getByRole('button', { name: 'Company name' }));
    await waitFor(() => expect(names(table)[0]).toBe('Company 25'));
    expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables.orderBy).toBe('-companyName');

    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(names(table)[0]).toBe('Company 15'));
    expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables).toMatchObject({ offset: 10, first: 10 });

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '30']);
    await user.click(screen.getByRole('option', { name: '20' }));
    await waitFor(() => expect(names(table)).toHaveLength(20));
    expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables).toMatchObject({ offset: 0, first: 20 });

    await enterText(user, screen.getByLabelText('Search companies'), 'Company 0');
    await waitFor(() => expect(names(table)).toHaveLength(9));
    expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables).toMatchObject({ q: 'Company 0', offset: 0 });
  });

  it('offers Masquerade only for approved companies; masquerading loads the company’s role and shows the bar', async () => {
    const { server, table, user, view } = await openDashboard();
    expect(view.location()).toBe('/dashboard');
    expect(within(table).queryByRole('button', { name: 'Masquerade as Company 02' })).not.toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Masquerade as Company 01' }));

    const bar = await screen.findByTestId('b2b-masquerade-bar');
    expect(bar).toHaveTextContent('You are masquerading as Acme Labs');
    expect(bar).toHaveStyle({ backgroundColor: '#ED6C02' });
    expect(server.callsTo('SuperAdminBeginMasquerade')[0]!.variables).toEqual({ companyId: 1 });
    expect(server.callsTo('CustomerInfo').length).toBeGreaterThanOrEqual(2);
    expect(await within(table).findByRole('button', { name: 'End masquerade as Company 01' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Empty the cart?' })).not.toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: 'END MASQUERADE' }));
    await waitFor(() => expect(screen.queryByTestId('b2b-masquerade-bar')).not.toBeInTheDocument());
    expect(server.callsTo('SuperAdminEndMasquerade')[0]!.variables).toEqual({ companyId: 3 });
  });

  it('asks before masquerading when the storefront cart holds something, and empties it', async () => {
    const cartPage = '<html><body><table><tr data-line-id="4"><td>Ethanol</td></tr></table><div class="cart-actions" data-cart-id="cart-7"></div></body></html>';
    const { server, table, user } = await openDashboard({}, { rest: { 'GET /cart.php': { body: cartPage } } });
    await user.click(within(table).getByRole('button', { name: 'Masquerade as Company 03' }));
    const dialog = await screen.findByRole('dialog', { name: 'Empty the cart?' });
    expect(dialog).toHaveTextContent('Masquerading will empty your cart. Continue?');

    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    expect(server.callsTo('SuperAdminBeginMasquerade')).toHaveLength(0);

    await user.click(await within(table).findByRole('button', { name: 'Masquerade as Company 03' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Empty the cart?' })).getByRole('button', { name: 'CONTINUE' }));
    await screen.findByTestId('b2b-masquerade-bar');
    expect(server.callsTo('DeleteCart')[0]!.variables).toEqual({ deleteCartInput: { cartEntityId: 'cart-7' } });
    expect(server.callsTo('SuperAdminBeginMasquerade')).toHaveLength(1);
  });

  it('hides the bar when the store switched the masquerade button off', async () => {
    const { storefrontConfigsResult } = await import('../../../test/graphqlMock');
    const { table, user } = await openDashboard({ StorefrontConfigs: storefrontConfigsResult({ masquerade_button: { value: '0' } }) });
    await user.click(within(table).getByRole('button', { name: 'Masquerade as Company 01' }));
    expect(await within(table).findByRole('button', { name: 'End masquerade as Company 01' })).toBeInTheDocument();
    expect(screen.queryByTestId('b2b-masquerade-bar')).not.toBeInTheDocument();
  });
});

const CYCLE = {
  errors: [
    {
      message: 'Invalid input.',
      extensions: {
        code: 'VALIDATION_ERROR',
        fields: { parent: ['Company 03 cannot be placed below itself or below one of its own units.'] },
        fieldCodes: { parent: ['invalid'] },
      },
    },
  ],
};

describe('dashboard: the company tree (issue 40)', () => {
  it('names the unit above each company, and sorting by it shows each tree indented', async () => {
    const { server, table, user } = await openDashboard();
    const unitRow = within(table).getByRole('rowheader', { name: 'Company 04' }).closest('tr')!;
    expect(unitRow).toHaveTextContent('Company 03');
    const topRow = within(table).getByRole('rowheader', { name: 'Company 01' }).closest('tr')!;
    expect(topRow).toHaveTextContent('Top level');

    await user.click(within(table).getByRole('button', { name: 'Part of' }));
    await waitFor(() => expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables.orderBy).toBe('tree'));
    await waitFor(() => expect(names(table).slice(0, 5)).toEqual(['Company 01', 'Company 02', 'Company 03', 'Company 04', 'Company 05']));
    expect(within(table).getByText('Company 04')).toHaveStyle({ paddingLeft: '16px' });
  });

  it('adds a unit below a company, and refuses a blank name before asking the server', async () => {
    const { server, table, user } = await openDashboard({
      SuperAdminCreateUnit: (variables) => ({
        data: {
          superAdminCreateUnit: { ...COMPANIES[0]!, companyId: 99, id: 99, companyName: String(variables.companyName), parentId: 3, parentName: 'Company 03', depth: 1 },
        },
      }),
    });
    await user.click(within(table).getByRole('button', { name: 'More actions for Company 03' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a unit to Company 03' });
    const listReads = server.callsTo('SuperAdminCompanies').length;

    await user.click(within(dialog).getByRole('button', { name: 'ADD UNIT' }));
    expect(await within(dialog).findByText('Give the unit a name.')).toBeInTheDocument();
    expect(server.callsTo('SuperAdminCreateUnit')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Unit name/ }), '  Cell Biology Lab ');
    await user.click(within(dialog).getByRole('button', { name: 'ADD UNIT' }));
    expect(await screen.findByText('Cell Biology Lab was added to Company 03.')).toBeInTheDocument();
    expect(server.callsTo('SuperAdminCreateUnit')[0]!.variables).toEqual({ parentId: 3, companyName: 'Cell Biology Lab' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a unit to Company 03' })).not.toBeInTheDocument());
    await waitFor(() => expect(server.callsTo('SuperAdminCompanies').length).toBeGreaterThan(listReads));
  });

  it('moves a company below another after saying what moves with it, and shows why the server refused a move', async () => {
    let refuse = true;
    const { server, table, user } = await openDashboard({
      SuperAdminMoveCompany: (variables) =>
        refuse
          ? CYCLE
          : { data: { superAdminMoveCompany: { ...COMPANIES[2]!, parentId: Number(variables.parentId), parentName: 'Company 12', depth: 1 } } },
    });
    await user.click(within(table).getByRole('button', { name: 'More actions for Company 03' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Company 03' });
    expect(dialog).toHaveTextContent('It is a top-level company now.');

    await user.click(within(dialog).getByRole('button', { name: 'MOVE' }));
    expect(await within(dialog).findByText('Choose where to place it.')).toBeInTheDocument();

    const place = within(dialog).getByRole('combobox', { name: /Place it below/ });
    await enterText(user, place, 'Company 04');
    await waitFor(() => expect(server.callsTo('SuperAdminCompanies').at(-1)!.variables).toMatchObject({ q: 'Company 04', orderBy: 'tree' }));
    await user.click(await screen.findByRole('option', { name: /Company 04/ }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('Company 03, its units and all their orders');
    await user.click(within(dialog).getByRole('button', { name: 'MOVE' }));
    expect(await within(dialog).findByText('A company cannot be placed below itself or below one of its own units.')).toBeInTheDocument();
    expect(server.callsTo('SuperAdminMoveCompany')[0]!.variables).toEqual({ companyId: 3, parentId: 4 });

    refuse = false;
    await user.clear(place);
    await enterText(user, place, 'Company 12');
    await user.click(await screen.findByRole('option', { name: 'Company 12' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('move below Company 12');
    await user.click(within(dialog).getByRole('button', { name: 'MOVE' }));
    expect(await screen.findByText('Company 03 was moved.')).toBeInTheDocument();
    expect(server.callsTo('SuperAdminMoveCompany')[1]!.variables).toEqual({ companyId: 3, parentId: 12 });
  });

  it('offers the top level for a unit, and Escape closes the dialog without moving it', async () => {
    const { server, table, user } = await openDashboard();
    await user.click(within(table).getByRole('button', { name: 'More actions for Company 04' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move Company 04' });
    expect(dialog).toHaveTextContent('It is part of Company 03 now.');
    await user.click(within(dialog).getByRole('combobox', { name: /Place it below/ }));
    const options = await screen.findAllByRole('option');
    expect(options[0]).toHaveTextContent('Top level (no company above it)');
    // Neither the company itself nor the unit it is part of now is a move.
    expect(options.map((option) => option.textContent)).not.toContain('Company 03');
    expect(options.some((option) => option.textContent?.startsWith('Company 04'))).toBe(false);
    await user.click(options[0]!);
    expect(within(dialog).getByRole('status')).toHaveTextContent('become a company of their own');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Move Company 04' })).not.toBeInTheDocument());
    expect(server.callsTo('SuperAdminMoveCompany')).toHaveLength(0);
  });
});

describe('dashboard on the mobile layout (issue 13)', () => {
  it('shows each company as a card with its status and the Masquerade button on screen', async () => {
    mobileViewport();
    setB2BToken('tok');
    mockGraphQL({ CustomerInfo: customerResult(SUPER_ADMIN), SuperAdminCompanies: companiesHandler({ id: null }) });
    renderPortal('/dashboard');
    const cards = await screen.findByRole('list', { name: 'Dashboard' });
    const first = within(cards).getAllByRole('listitem')[0]!;
    expect(within(first).getByText('Company 01')).toBeInTheDocument();
    expect(within(first).getByText('Status')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Masquerade as Company 01' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
