import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { OrderListItem, OrdersVariables } from '../api/orders';
import { useFilterClock } from '../../../test/filterClock';

const order = (overrides: Partial<OrderListItem> = {}): OrderListItem => ({
  id: '100042',
  number: 100042,
  poNumber: 'PO-7731',
  status: 'partially_shipped',
  statusLabel: 'Partially shipped',
  placedBy: { id: 7, name: 'Sam Senior', email: 'senior@acme.test' },
  // Midday UTC: the same calendar day in every test time zone.
  createdAt: '2026-03-02T12:00:00+00:00',
  currencyCode: 'USD',
  grandTotal: '1234.50',
  itemCount: 12,
  lineCount: 3,
  companyId: 3,
  companyName: 'Acme Labs',
  ...overrides,
});

const CANCELLED = order({
  id: '100043', number: 100043, poNumber: '', status: 'cancelled', statusLabel: 'Cancelled', grandTotal: '80.00', itemCount: 1, lineCount: 1,
  placedBy: { id: 9, name: 'Jules Junior', email: 'junior@acme.test' },
});

const ordersResult = (orders: OrderListItem[], totalCount = orders.length, totalCountCapped = false): GraphQLResult => ({
  data: { orders: { totalCount, totalCountCapped, edges: orders.map((node) => ({ node })) } },
});

const PLACERS: GraphQLResult = {
  data: {
    createdByUser: [
      { id: 9, firstName: 'Jules', lastName: 'Junior', email: 'junior@acme.test' },
      { id: 7, firstName: 'Sam', lastName: 'Senior', email: 'senior@acme.test' },
    ],
  },
};

const MINE: OrdersVariables = {
  scope: 'MINE', first: 10, offset: 0, search: null, status: null, dateFrom: null, dateTo: null, createdBy: null, orderBy: '-createdAt',
};
const COMPANY: OrdersVariables = { ...MINE, scope: 'COMPANY', companyId: null };

const ADMIN = customer({ role: 0, permissions: [...DEMO_PERMISSIONS.admin], userInfo: { id: 5, firstName: 'Alice', lastName: 'Admin', email: 'admin@acme.test' } });
const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior' } });

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);

async function openList(path = '/orders', handler: Handler = ordersResult([order(), CANCELLED]), who = customer()) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(who), Orders: handler, OrderPlacedBy: PLACERS });
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: path.startsWith('/company-orders') ? 'Lab orders' : 'My orders' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const ordersCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('Orders').map((call) => call.variables);
const settle = useFilterClock();
const rowOf = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr') as HTMLElement;

async function choose(user: ReturnType<typeof userEvent.setup>, combobox: RegExp, name: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('My orders (issue 17)', () => {
  it('lists the caller’s orders: number link, PO, date, items, status and total, with orderBy sent', async () => {
    const { server } = await openList();
    await screen.findByRole('rowheader', { name: '100042' });
    const table = screen.getByRole('table', { name: 'My orders' });

    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order number', 'PO number', 'Placed on', 'Items', 'Status', 'Grand total',
    ]);
    expect(within(rowOf('100042')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'PO-7731', 'Mar 2, 2026', '12 items', 'Partially shipped', '$1,234.50',
    ]);
    expect(within(rowOf('100043')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['—', 'Mar 2, 2026', '1 item', 'Cancelled', '$80.00']);
    expect(screen.getByRole('link', { name: '100042' })).toHaveAttribute('href', '/orderDetail/100042');
    expect(screen.getByRole('columnheader', { name: 'Placed on' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('2 orders').closest('[role="status"]')).not.toBeNull();
    // My orders are all the caller's: no "placed by" column or filter.
    expect(screen.queryByRole('combobox', { name: /Placed by/ })).not.toBeInTheDocument();
    expect(server.callsTo('OrderPlacedBy')).toHaveLength(0);

    expect(ordersCalls(server)).toEqual([MINE]);
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'My orders' })).toHaveAttribute('aria-current', 'page');
  });

  it('searches once typing settles, from page 1, and keeps the search in the URL', async () => {
    const { server, view, user } = await openList('/orders?page=2', ordersResult([order()], 30));
    await screen.findByRole('rowheader', { name: '100042' });
    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), ' hs-1055 ');
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    await settle();
    expect(ordersCalls(server)).toEqual([{ ...MINE, offset: 10 }, { ...MINE, search: 'hs-1055' }]);
    expect(view.location()).toBe('/orders?search=hs-1055');
  });

  it('says "more than 1,000" when a search matches more orders than the server counts (issue 38)', async () => {
    await openList('/orders?search=ethanol', ordersResult([order()], 1_000, true));
    await screen.findByRole('rowheader', { name: '100042' });
    expect(screen.getByText('1–10 of more than 1,000')).toBeInTheDocument();
    expect(screen.getByText('More than 1,000 orders').closest('[role="status"]')).not.toBeNull();
    // The pager still pages through the counted ones.
    expect(screen.getByRole('button', { name: /next page/i })).toBeEnabled();
  });

  it('filters by status and by the date range, and refuses a range that ends before it starts', async () => {
    const { server, view, user } = await openList();
    await screen.findByRole('rowheader', { name: '100042' });
    await choose(user, /Status/, 'Awaiting fulfillment');
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    expect(ordersCalls(server)[1]).toEqual({ ...MINE, status: 'awaiting_fulfillment' });
    expect(view.location()).toBe('/orders?status=awaiting_fulfillment');

    fireEvent.change(screen.getByLabelText('Placed from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(3));
    expect(ordersCalls(server)[2]).toEqual({ ...MINE, status: 'awaiting_fulfillment', dateFrom: '2026-01-01', dateTo: '2026-01-31' });

    fireEvent.change(screen.getByLabelText('Placed to'), { target: { value: '2025-12-01' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    await settle();
    expect(ordersCalls(server)).toHaveLength(3);
  });

  it('sorts by the clicked header on the server', async () => {
    const { server, view, user } = await openList();
    await screen.findByRole('rowheader', { name: '100042' });
    await user.click(screen.getByRole('button', { name: 'Grand total' }));
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    expect(ordersCalls(server)[1]).toEqual({ ...MINE, orderBy: '-grandTotal' });
    expect(view.location()).toBe('/orders?sort=-grandTotal');

    await user.click(screen.getByRole('button', { name: 'PO number' }));
    await user.click(screen.getByRole('button', { name: 'Status' }));
    await user.click(screen.getByRole('button', { name: 'Order number' }));
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(5));
    expect(ordersCalls(server).slice(2).map((variables) => variables.orderBy)).toEqual(['poNumber', 'status', '-number']);
    // The item count is not a sort the server offers.
    expect(screen.queryByRole('button', { name: 'Items' })).not.toBeInTheDocument();
  });

  it('says when the caller has no orders yet, without filters to clear', async () => {
    await openList('/orders', ordersResult([]));
    expect(await screen.findByRole('heading', { name: 'You have no orders yet' })).toBeInTheDocument();
    expect(screen.queryByRole('search', { name: 'Filter orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when no order matches the filters, and clears them (the sort stays)', async () => {
    const { server, view, user } = await openList('/orders?search=nothing&status=shipped&sort=poNumber', (variables) =>
      variables.search ? ordersResult([]) : ordersResult([order()]),
    );
    const heading = await screen.findByRole('heading', { name: 'No orders match your filters' });
    await user.click(within(heading.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('rowheader', { name: '100042' })).toBeInTheDocument();
    expect(view.location()).toBe('/orders?sort=poNumber');
    expect(ordersCalls(server)[1]).toEqual({ ...MINE, orderBy: 'poNumber' });
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('');
  });

  it('shows a failure in place, without a toast, and tries again', async () => {
    let attempts = 0;
    const { server, user } = await openList('/orders', () => {
      attempts += 1;
      return attempts === 1 ? { errors: [{ message: 'The order service is busy.', extensions: { code: 'INTERNAL_ERROR' } }] } : ordersResult([order()]);
    });
    expect(await screen.findByText('We couldn’t load the orders.')).toBeInTheDocument();
    expect(screen.getByText('The order service is busy.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: '100042' })).toBeInTheDocument();
    expect(ordersCalls(server)).toEqual([MINE, MINE]);
  });

  it('shows cards on the mobile layout, with the sort as a select', async () => {
    mobileViewport();
    const { server, user } = await openList();
    const list = await screen.findByRole('list', { name: 'My orders' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[0]!);
    expect(card.getByRole('link', { name: '100042' })).toHaveAttribute('href', '/orderDetail/100042');
    expect(card.getByText('Partially shipped')).toBeInTheDocument();
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual(['PO number', 'Placed on', 'Items', 'Grand total']);
    expect(card.getAllByRole('definition').map((value) => value.textContent)).toEqual(['PO-7731', 'Mar 2, 2026', '12 items', '$1,234.50']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Grand total, ascending');
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    expect(ordersCalls(server)[1]).toEqual({ ...MINE, orderBy: 'grandTotal' });
  });
});

describe('Lab orders (issue 17)', () => {
  it('lists every order of the company with who placed it, and filters by who placed it', async () => {
    const { server, view, user } = await openList('/company-orders', ordersResult([order(), CANCELLED]), ADMIN);
    await screen.findByRole('rowheader', { name: '100042' });
    expect(screen.getByText('Every order of Acme Labs, whoever placed it.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lab orders' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order number', 'PO number', 'Placed by', 'Placed on', 'Items', 'Status', 'Grand total',
    ]);
    expect(within(rowOf('100043')).getAllByRole('cell')[1]).toHaveTextContent('Jules Junior');
    expect(ordersCalls(server)).toEqual([COMPANY]);
    // The people who placed the company's orders (shell §7 createdByUser).
    await waitFor(() => expect(server.callsTo('OrderPlacedBy')).toHaveLength(1));
    expect(server.callsTo('OrderPlacedBy')[0]!.variables).toEqual({ companyId: 3 });
    expect(server.callsTo('OrderPlacedBy')[0]!.query).toContain('module: "orders"');

    await choose(user, /Placed by/, 'Jules Junior');
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    expect(ordersCalls(server)[1]).toEqual({ ...COMPANY, createdBy: 9 });
    expect(view.location()).toBe('/company-orders?placedBy=9');

    await user.click(screen.getByRole('button', { name: 'Placed by' }));
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(3));
    expect(ordersCalls(server)[2]).toEqual({ ...COMPANY, createdBy: 9, orderBy: 'placedBy' });

    await choose(user, /Placed by/, 'Anyone');
    expect(view.location()).toBe('/company-orders?sort=placedBy');
  });

  it('reads its state from the URL, so a reload shows the same list', async () => {
    const path = '/company-orders?search=ethanol&status=shipped&from=2026-01-01&to=2026-01-31&placedBy=7&sort=number&size=20&page=2';
    const { server } = await openList(path, ordersResult([order()], 30), ADMIN);
    await screen.findByRole('rowheader', { name: '100042' });
    expect(ordersCalls(server)).toEqual([
      { scope: 'COMPANY', first: 20, offset: 20, search: 'ethanol', status: 'shipped', dateFrom: '2026-01-01', dateTo: '2026-01-31', createdBy: 7, orderBy: 'number', companyId: null },
    ]);
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('ethanol');
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('Shipped');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Placed by/ })).toHaveTextContent('Sam Senior'));
    expect(screen.getByLabelText('Placed from')).toHaveValue('2026-01-01');
  });

  it('says when the company has no orders yet', async () => {
    await openList('/company-orders', ordersResult([]), ADMIN);
    expect(await screen.findByRole('heading', { name: 'Your company has no orders yet' })).toBeInTheDocument();
  });

  it('opens an order from its number, and back returns to the list as it was', async () => {
    setB2BToken('tok');
    mockGraphQL({
      CustomerInfo: customerResult(ADMIN),
      Orders: ordersResult([order()]),
      OrderPlacedBy: PLACERS,
      Order: { errors: [{ message: 'Order not found.', extensions: { code: 'NOT_FOUND' } }] },
    });
    const view = renderPortal('/company-orders?status=shipped');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('link', { name: '100042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(view.location()).toBe('/orderDetail/100042');
    await act(() => view.router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lab orders' })).toBeInTheDocument();
    expect(view.location()).toBe('/company-orders?status=shipped');
  });

  it('is not in a junior buyer’s menu, and typing its address leads to their landing page', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(JUNIOR) });
    const view = renderPortal('/company-orders');
    // shell §2 landing order: orders (none for a junior buyer), shopping lists, account settings — the first with a page.
    expect(await screen.findByRole('heading', { level: 1, name: /^(Account settings|Shopping lists)$/ })).toBeInTheDocument();
    expect(['/accountSettings', '/shoppingLists']).toContain(view.location());
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).queryByRole('link', { name: 'Lab orders' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
    expect(server.callsTo('Orders')).toHaveLength(0);
  });
});

describe('Lab orders across units (issue 40)', () => {
  const UNIVERSITY_ADMIN = northfieldUser(1, { permissions: [...DEMO_PERMISSIONS.admin] });
  const LAB_ORDER = order({ id: '100050', number: 100050, companyId: 12, companyName: 'Organic Synthesis Lab' });
  const OWN_ORDER = order({ id: '100051', number: 100051, companyId: 1, companyName: 'Northfield University' });

  async function openSpanning(path = '/company-orders', who = UNIVERSITY_ADMIN) {
    setB2BToken('tok');
    const server = mockGraphQL({
      CustomerInfo: customerResult(who),
      CompanyUnits: companyUnitsResult(who.companyInfo!.id),
      Orders: ordersResult([LAB_ORDER, OWN_ORDER]),
      OrderPlacedBy: PLACERS,
    });
    const view = renderPortal(path);
    await screen.findByRole('heading', { level: 1, name: 'Lab orders' });
    await screen.findByRole('rowheader', { name: '100050' });
    return { server, view, user: userEvent.setup({ delay: null }) };
  }

  it('names each order’s unit after its number and filters by a unit the list spans, indented by level', async () => {
    const { server, view, user } = await openSpanning();
    const table = screen.getByRole('table', { name: 'Lab orders' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Order number', 'Company', 'PO number', 'Placed by', 'Placed on', 'Items', 'Status', 'Grand total',
    ]);
    expect(within(rowOf('100050')).getAllByRole('cell')[0]).toHaveTextContent('Organic Synthesis Lab');
    expect(within(rowOf('100051')).getAllByRole('cell')[0]).toHaveTextContent('Northfield University');
    // Every unit at first: the argument is sent, null.
    expect(ordersCalls(server)).toEqual([{ ...COMPANY, companyId: null }]);

    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'All companies', 'Northfield University', '\u2003Chemistry', '\u2003\u2003Organic Synthesis Lab', '\u2003Biology', '\u2003\u2003Genetics Lab',
    ]);
    await user.click(options[3]!);
    await waitFor(() => expect(ordersCalls(server)).toHaveLength(2));
    expect(ordersCalls(server)[1]).toEqual({ ...COMPANY, companyId: 12 });
    expect(view.location()).toBe('/company-orders?company=12');
    // Who placed the orders of that unit.
    await waitFor(() => expect(server.callsTo('OrderPlacedBy').map((call) => call.variables)).toContainEqual({ companyId: 12 }));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.location()).toBe('/company-orders'));
  });

  it('offers only the units below the one acted for, and asks for all of them when the URL names another', async () => {
    const { server } = await openSpanning('/company-orders?company=13', northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] }));
    // The subtitle says the list spans the units below the one acted for.
    expect(screen.getByText('Every order of Chemistry and its units, whoever placed it.')).toBeInTheDocument();
    // Genetics Lab is not below Chemistry: the list is asked for every unit it spans instead of being refused.
    await waitFor(() => expect(ordersCalls(server).at(-1)).toEqual({ ...COMPANY, companyId: null }));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['All companies', 'Chemistry', '\u2003Organic Synthesis Lab']);
  });

  it('has no company column, filter or unit request on My orders, nor on a list that spans no units', async () => {
    const { server } = await openList('/orders', ordersResult([order()]), UNIVERSITY_ADMIN);
    await screen.findByRole('rowheader', { name: '100042' });
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Company/ })).not.toBeInTheDocument();
    expect(ordersCalls(server)).toEqual([MINE]);
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });

  it('has no company column or filter for a lab’s own admin, whose list spans no units', async () => {
    const { server } = await openList('/company-orders', ordersResult([order()]), northfieldUser(12, { permissions: [...DEMO_PERMISSIONS.admin] }));
    await screen.findByRole('rowheader', { name: '100042' });
    expect(screen.getByText('Every order of Organic Synthesis Lab, whoever placed it.')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Company/ })).not.toBeInTheDocument();
    expect(ordersCalls(server)).toEqual([COMPANY]);
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });
});
