import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { formatDate } from '../../../lib/dates';
import { setB2BToken } from '../../../lib/session';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { QuoteListItem, QuotesVariables } from '../api/quotes';
import { useFilterClock } from '../../../test/filterClock';

const quote = (overrides: Partial<QuoteListItem> = {}): QuoteListItem => ({
  id: 1,
  number: 'Q-100001',
  title: 'Spring order',
  status: 'open',
  isPriced: true,
  // Midday UTC: the same calendar day in every test time zone.
  issuedOn: '2026-03-02T12:00:00+00:00',
  expiresOn: '2026-04-01',
  updatedAt: '2026-03-04T09:30:00+00:00',
  currencyCode: 'USD',
  originalSubtotal: '120.00',
  quotedSubtotal: '100.00',
  grandTotal: '108.50',
  salesRep: { name: 'Rita Rep', email: 'rita@helix.test' },
  createdBy: { name: 'Sam Senior', email: 'senior@acme.test' },
  companyId: 3,
  companyName: 'Acme Labs',
  ...overrides,
});

const UNPRICED = quote({
  id: 2, number: 'Q-100002', title: 'Buffers', status: 'expired', isPriced: false, quotedSubtotal: null, grandTotal: null,
  createdBy: { name: 'Jules Junior', email: 'junior@acme.test' },
});

const quotesResult = (quotes: QuoteListItem[], totalCount = quotes.length): GraphQLResult => ({
  data: { quotes: { totalCount, edges: quotes.map((node) => ({ node })) } },
});

const DEFAULT_VARIABLES: QuotesVariables = {
  first: 10, offset: 0, search: null, status: null, dateFrom: null, dateTo: null, orderBy: '-createdAt', companyId: null,
};

type QuotesHandler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);

async function openQuotes(path = '/quotes', handler: QuotesHandler = quotesResult([quote(), UNPRICED]), who = customer()) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(who), Quotes: handler });
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: 'Quotes' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const quotesCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('Quotes').map((call) => call.variables);
const settle = useFilterClock();
const table = () => screen.getByRole('table', { name: 'Quotes' });
const rowOf = (number: string) => screen.getByRole('rowheader', { name: number }).closest('tr') as HTMLElement;

async function chooseStatus(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('combobox', { name: /Status/ }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('quotes list page (issue 6)', () => {
  it('lists the quotes of the first request: number link, title, creator, dates, status and total', async () => {
    const { server } = await openQuotes();
    await screen.findByRole('rowheader', { name: 'Q-100001' });

    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Quote number', 'Title', 'Created by', 'Issued on', 'Expires on', 'Status', 'Grand total', 'Last update',
    ]);
    expect(within(rowOf('Q-100001')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Spring order', 'Sam Senior', 'Mar 2, 2026', 'Apr 1, 2026', 'Open', '$108.50', formatDate('2026-03-04T09:30:00+00:00', 'en'),
    ]);
    expect(within(rowOf('Q-100002')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Buffers', 'Jules Junior', 'Mar 2, 2026', 'Apr 1, 2026', 'Expired', 'Awaiting price', formatDate('2026-03-04T09:30:00+00:00', 'en'),
    ]);
    expect(screen.getByRole('link', { name: 'Q-100001' })).toHaveAttribute('href', '/quoteDetail/1');
    expect(screen.getByRole('link', { name: 'Q-100002' })).toHaveAttribute('href', '/quoteDetail/2');
    expect(screen.getByRole('columnheader', { name: 'Issued on' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    // The count is a status of its own (the shell's page announcer is another).
    expect(screen.getByText('2 quotes').closest('[role="status"]')).not.toBeNull();

    // One request, with every argument (orderBy is required).
    expect(quotesCalls(server)).toEqual([DEFAULT_VARIABLES]);
  });

  it('is in the menu, and a buyer who may create quotes can start one from here', async () => {
    await openQuotes();
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'Quotes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/quoteDraft');
  });

  it('searches once typing settles, from page 1, and keeps the search in the URL', async () => {
    const { server, view, user } = await openQuotes('/quotes?page=2', quotesResult([quote()], 30));
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    await user.type(screen.getByRole('searchbox', { name: 'Search quotes' }), ' salts ');
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    await settle();

    expect(quotesCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, offset: 10 }, { ...DEFAULT_VARIABLES, search: 'salts' }]);
    expect(view.location()).toBe('/quotes?search=salts');
  });

  it('searches at once on Enter', async () => {
    const { server, view, user } = await openQuotes();
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    await user.type(screen.getByRole('searchbox', { name: 'Search quotes' }), 'HS-1055{Enter}');
    expect(view.location()).toBe('/quotes?search=HS-1055');
    await settle();
    expect(quotesCalls(server)).toEqual([DEFAULT_VARIABLES, { ...DEFAULT_VARIABLES, search: 'HS-1055' }]);
  });

  it('filters by status', async () => {
    const { server, view, user } = await openQuotes();
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    await chooseStatus(user, 'Ordered');
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, status: 'ordered' });
    expect(view.location()).toBe('/quotes?status=ordered');

    await chooseStatus(user, 'All statuses');
    expect(view.location()).toBe('/quotes');
  });

  it('filters by issue date range and refuses a range that ends before it starts', async () => {
    const { server, view } = await openQuotes();
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    fireEvent.change(screen.getByLabelText('Issued from'), { target: { value: '2026-01-01' } });
    fireEvent.change(screen.getByLabelText('Issued to'), { target: { value: '2026-01-31' } });
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, dateFrom: '2026-01-01', dateTo: '2026-01-31' });
    expect(view.location()).toBe('/quotes?from=2026-01-01&to=2026-01-31');

    fireEvent.change(screen.getByLabelText('Issued to'), { target: { value: '2025-12-01' } });
    expect(await screen.findByText('The end date must be on or after the start date.')).toBeInTheDocument();
    expect(screen.getByLabelText('Issued to')).toHaveAttribute('aria-invalid', 'true');
    await settle();
    expect(quotesCalls(server)).toHaveLength(2);
    expect(view.location()).toBe('/quotes?from=2026-01-01&to=2026-01-31');

    fireEvent.change(screen.getByLabelText('Issued from'), { target: { value: '2025-11-01' } });
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(3));
    expect(quotesCalls(server)[2]).toEqual({ ...DEFAULT_VARIABLES, dateFrom: '2025-11-01', dateTo: '2025-12-01' });
    expect(screen.queryByText('The end date must be on or after the start date.')).not.toBeInTheDocument();
  });

  it('sorts by the clicked header on the server', async () => {
    const { server, view, user } = await openQuotes('/quotes?page=3', quotesResult([quote()], 42));
    await screen.findByRole('rowheader', { name: 'Q-100001' });

    await user.click(screen.getByRole('button', { name: 'Grand total' }));
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, orderBy: '-grandTotal' });
    expect(view.location()).toBe('/quotes?sort=-grandTotal');
    expect(screen.getByRole('columnheader', { name: 'Grand total' })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: 'Grand total' }));
    await user.click(screen.getByRole('button', { name: 'Quote number' }));
    await user.click(screen.getByRole('button', { name: 'Issued on' }));
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(5));
    expect(quotesCalls(server).slice(2).map((variables) => variables.orderBy)).toEqual(['grandTotal', 'number', '-createdAt']);
    expect(view.location()).toBe('/quotes');
    // "Created by" is not a sort the server offers.
    expect(screen.queryByRole('button', { name: 'Created by' })).not.toBeInTheDocument();
  });

  it('pages on the server and keeps the page shown while the next one loads', async () => {
    let release: (() => void) | null = null;
    const { server, view, user } = await openQuotes('/quotes', (variables) => {
      if (variables.offset === 0) return quotesResult([quote()], 42);
      return new Promise((resolve) => {
        release = () => resolve(quotesResult([quote({ id: 11, number: 'Q-100011' })], 42));
      });
    });
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    expect(screen.getByText('1–10 of 42')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(view.location()).toBe('/quotes?page=2');
    expect(await screen.findByRole('progressbar', { name: 'Loading your quotes' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Q-100001' })).toBeInTheDocument();
    expect(table()).toHaveAttribute('aria-busy', 'true');

    act(() => release?.());
    expect(await screen.findByRole('rowheader', { name: 'Q-100011' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Q-100001' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('11–20 of 42')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: '20' }));
    expect(view.location()).toBe('/quotes?size=20');
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(3));
    expect(quotesCalls(server)).toEqual([
      DEFAULT_VARIABLES,
      { ...DEFAULT_VARIABLES, offset: 10 },
      { ...DEFAULT_VARIABLES, first: 20 },
    ]);
  });

  it('reads its state from the URL, so a reload shows the same list', async () => {
    const path = '/quotes?search=salts&status=open&from=2026-01-01&to=2026-01-31&sort=title&size=20&page=3';
    const first = await openQuotes(path, quotesResult([quote()], 60));
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    const expected = { first: 20, offset: 40, search: 'salts', status: 'open', dateFrom: '2026-01-01', dateTo: '2026-01-31', orderBy: 'title', companyId: null };
    expect(quotesCalls(first.server)).toEqual([expected]);
    expect(screen.getByRole('searchbox', { name: 'Search quotes' })).toHaveValue('salts');
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('Open');
    expect(screen.getByLabelText('Issued from')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('Issued to')).toHaveValue('2026-01-31');
    expect(screen.getByRole('columnheader', { name: 'Title' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByText('41–60 of 60')).toBeInTheDocument();

    // A reload: a new portal at the same location.
    const location = first.view.location();
    first.view.unmount();
    const again = await openQuotes(location, quotesResult([quote()], 60));
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    expect(quotesCalls(again.server)).toEqual([expected]);
  });

  it('follows back and forward', async () => {
    const { view, user } = await openQuotes();
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    await chooseStatus(user, 'Open');
    await user.type(screen.getByRole('searchbox', { name: 'Search quotes' }), 'salts{Enter}');
    expect(view.location()).toBe('/quotes?search=salts&status=open');

    await act(() => view.router.navigate(-1));
    expect(view.location()).toBe('/quotes?status=open');
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search quotes' })).toHaveValue(''));
    await act(() => view.router.navigate(-1));
    expect(view.location()).toBe('/quotes');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Status/ })).toHaveTextContent('All statuses'));
    await act(() => view.router.navigate(2));
    await waitFor(() => expect(screen.getByRole('searchbox', { name: 'Search quotes' })).toHaveValue('salts'));
  });

  it('ignores what it does not know in the URL', async () => {
    const { server } = await openQuotes('/quotes?status=lost&sort=price&page=-2&size=7&from=2026-02-30&to=soon&search=' + 'x'.repeat(120));
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    expect(quotesCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, search: 'x'.repeat(100) }]);
  });

  it('shows the last page when the URL points past the end', async () => {
    const { server, view } = await openQuotes('/quotes?page=9', (variables) =>
      quotesResult(variables.offset === 10 ? [quote({ id: 12, number: 'Q-100012' })] : [], 12),
    );
    expect(await screen.findByRole('rowheader', { name: 'Q-100012' })).toBeInTheDocument();
    expect(view.location()).toBe('/quotes?page=2');
    expect(quotesCalls(server).map((variables) => variables.offset)).toEqual([80, 10]);
  });

  it('invites a buyer without quotes to request one', async () => {
    await openQuotes('/quotes', quotesResult([]));
    expect(await screen.findByRole('heading', { name: 'You have no quotes yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a quote' })).toHaveAttribute('href', '/quoteDraft');
    // Nothing to filter or page.
    expect(screen.queryByRole('search', { name: 'Filter quotes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('offers no quote request to a user who may not create quotes', async () => {
    const viewer = customer({ role: 2, permissions: DEMO_PERMISSIONS.junior.filter((permission) => permission.code !== 'create_quote') });
    await openQuotes('/quotes', quotesResult([]), viewer);
    expect(await screen.findByRole('heading', { name: 'You have no quotes yet' })).toBeInTheDocument();
    expect(screen.getByText('Quotes requested for your account will be listed here.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Request a quote' })).not.toBeInTheDocument();
  });

  it('says when no quote matches the filters, and clears them', async () => {
    const { server, view, user } = await openQuotes('/quotes?search=nothing&status=ordered&sort=title', (variables) =>
      quotesResult(variables.search ? [] : [quote()], variables.search ? 0 : 1),
    );
    const heading = await screen.findByRole('heading', { name: 'No quotes match your filters' });
    await user.click(within(heading.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByRole('rowheader', { name: 'Q-100001' })).toBeInTheDocument();
    // The sort is not a filter: it stays.
    expect(view.location()).toBe('/quotes?sort=title');
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, orderBy: 'title' });
    expect(screen.getByRole('searchbox', { name: 'Search quotes' })).toHaveValue('');
  });

  it('clears every filter from the filter bar, a half-typed one too', async () => {
    const { view, user } = await openQuotes('/quotes?status=open&from=2026-01-01');
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    fireEvent.change(screen.getByLabelText('Issued to'), { target: { value: '2025-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(view.location()).toBe('/quotes');
    expect(screen.getByLabelText('Issued from')).toHaveValue('');
    expect(screen.getByLabelText('Issued to')).toHaveValue('');
    expect(screen.queryByText('The end date must be on or after the start date.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeDisabled();
  });

  it('shows a failure in place, without a toast, and tries again', async () => {
    let attempts = 0;
    const { server, user } = await openQuotes('/quotes', () => {
      attempts += 1;
      return attempts === 1 ? { errors: [{ message: 'The quote service is busy.', extensions: { code: 'INTERNAL_ERROR' } }] } : quotesResult([quote()]);
    });
    expect(await screen.findByText('We couldn’t load your quotes.')).toBeInTheDocument();
    expect(screen.getByText('The quote service is busy.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Q-100001' })).toBeInTheDocument();
    expect(screen.queryByText('We couldn’t load your quotes.')).not.toBeInTheDocument();
    expect(quotesCalls(server)).toEqual([DEFAULT_VARIABLES, DEFAULT_VARIABLES]);
  });

  it('shows cards on the mobile layout', async () => {
    mobileViewport();
    const { server, user } = await openQuotes();
    const list = await screen.findByRole('list', { name: 'Quotes' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[1]!);
    expect(card.getByRole('link', { name: 'Q-100002' })).toHaveAttribute('href', '/quoteDetail/2');
    expect(card.getByText('Expired')).toBeInTheDocument();
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Title', 'Created by', 'Issued on', 'Expires on', 'Grand total', 'Last update',
    ]);
    expect(card.getAllByRole('definition').map((value) => value.textContent).slice(0, 5)).toEqual([
      'Buffers', 'Jules Junior', 'Mar 2, 2026', 'Apr 1, 2026', 'Awaiting price',
    ]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Expires on, ascending');
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, orderBy: 'expiresOn' });
  });
});

describe('quotes across units (issue 40)', () => {
  it('names each quote’s unit after its number and filters by a unit', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({
      CustomerInfo: customerResult(northfieldUser(1, { permissions: [...DEMO_PERMISSIONS.admin] })),
      CompanyUnits: companyUnitsResult(1),
      Quotes: quotesResult([quote({ companyId: 13, companyName: 'Genetics Lab' }), { ...UNPRICED, companyId: 1, companyName: 'Northfield University' }]),
    });
    const view = renderPortal('/quotes');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('rowheader', { name: 'Q-100001' });
    expect(within(table()).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Quote number', 'Company', 'Title', 'Created by', 'Issued on', 'Expires on', 'Status', 'Grand total', 'Last update',
    ]);
    expect(within(rowOf('Q-100001')).getAllByRole('cell')[0]).toHaveTextContent('Genetics Lab');
    expect(screen.getByText('The quotes of Northfield University and its units. Follow the prices asked for, and order from a quote before it expires.')).toBeInTheDocument();
    expect(quotesCalls(server)).toEqual([{ ...DEFAULT_VARIABLES, companyId: null }]);

    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Genetics Lab' }));
    await waitFor(() => expect(quotesCalls(server)).toHaveLength(2));
    expect(quotesCalls(server)[1]).toEqual({ ...DEFAULT_VARIABLES, companyId: 13 });
    expect(view.location()).toBe('/quotes?company=13');
  });
});
