import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { mobileViewport } from '../../../test/viewport';
import type { PurchaseRequestsVariables } from '../api/purchaseRequests';
import { requestRow, requestsResult } from '../test/approvalFixtures';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);
type User = ReturnType<typeof userEvent.setup>;

const INBOX: PurchaseRequestsVariables = { view: 'inbox', first: 10, offset: 0, status: null, companyId: null, orderBy: '-createdAt' };
const MINE: PurchaseRequestsVariables = { ...INBOX, view: 'mine' };
const COMPANY: PurchaseRequestsVariables = { ...INBOX, view: 'company' };

const REJECTED = requestRow({
  id: 9, status: 'rejected', grandTotal: '820.50', costCentre: '', currentTierLabel: '', requestedByName: 'Sam Senior', requestedByEmail: 'senior@acme.test',
  createdAt: '2026-02-20T12:00:00+00:00', companyId: 5, companyName: 'Chemistry',
});

/** The university's admin acting for Chemistry: the lists span the Organic Synthesis Lab below it. */
const CHEMISTRY_ADMIN = northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] });
const SENIOR = customer();
const JUNIOR = customer({ role: 2, permissions: [...DEMO_PERMISSIONS.junior], userInfo: { firstName: 'Jules', lastName: 'Junior' } });

async function openPage(path = '/approvals', requests: Handler = requestsResult([requestRow(), REJECTED]), who: CustomerInfo = CHEMISTRY_ADMIN, extra: Record<string, Handler> = {}) {
  setB2BToken('tok');
  const server = mockGraphQL({ CustomerInfo: customerResult(who), PurchaseRequests: requests, CompanyUnits: companyUnitsResult(5), ...extra });
  const view = renderPortal(path);
  await screen.findByRole('heading', { level: 1, name: 'Approvals' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const listCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('PurchaseRequests').map((call) => call.variables);
const rowOf = (label: string) => screen.getByRole('rowheader', { name: label }).closest('tr') as HTMLElement;

async function choose(user: User, combobox: RegExp, name: string) {
  await user.click(screen.getByRole('combobox', { name: combobox }));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name }));
}

describe('/approvals (issue 41)', () => {
  it('opens on the requests awaiting the caller’s approval: number, date, buyer, unit, total, cost centre, status, whom it waits for', async () => {
    const { server } = await openPage();
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    const table = screen.getByRole('table', { name: 'Awaiting my approval' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Request', 'Company', 'Requested on', 'Buyer', 'Total', 'Cost centre', 'Status', 'Waiting for',
    ]);
    expect(within(rowOf('Purchase request 12')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Organic Synthesis Lab', 'Mar 2, 2026', 'Lena Lab', '$6,480.00', 'NIH-R01-123', 'Awaiting approval', 'Admins of Organic Synthesis Lab',
    ]);
    expect(within(rowOf('Purchase request 9')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Chemistry', 'Feb 20, 2026', 'Sam Senior', '$820.50', '—', 'Rejected', '—',
    ]);
    expect(screen.getByRole('link', { name: 'Purchase request 12' })).toHaveAttribute('href', '/approvals/12');
    expect(screen.getByRole('link', { name: 'Purchase request 12' })).toHaveTextContent('#12');
    expect(screen.getByRole('tab', { name: 'Awaiting my approval' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Awaiting my approval');
    // The inbox holds pending requests only: no status filter.
    expect(screen.queryByRole('search', { name: 'Filter purchase requests' })).not.toBeInTheDocument();
    expect(screen.getByText('2 purchase requests').closest('[role="status"]')).not.toBeNull();
    expect(listCalls(server)).toEqual([INBOX]);
    // An admin manages the rules and budgets from here.
    const manage = screen.getByRole('navigation', { name: 'Approval settings' });
    expect(within(manage).getByRole('link', { name: 'Approval rules' })).toHaveAttribute('href', '/approvals/rules');
    expect(within(manage).getByRole('link', { name: 'Budgets' })).toHaveAttribute('href', '/approvals/budgets');
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(within(menu).getByRole('link', { name: 'Approvals' })).toHaveAttribute('aria-current', 'page');
  });

  it('badges the menu entry with the number of requests waiting for the caller, for the screen reader too', async () => {
    await openPage('/approvals', requestsResult([requestRow()]), CHEMISTRY_ADMIN, { PurchaseRequestInboxCount: { data: { purchaseRequestInboxCount: 3 } } });
    const menu = screen.getByRole('navigation', { name: 'Portal menu' });
    expect(await within(menu).findByTestId('approvals-inbox-count')).toHaveTextContent('3');
    expect(within(menu).getByRole('link', { name: 'Approvals 3 requests await your approval' })).toHaveAttribute('href', '/approvals');
  });

  it('shows no badge when nothing waits', async () => {
    const { server } = await openPage();
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    await waitFor(() => expect(server.callsTo('PurchaseRequestInboxCount')).toHaveLength(1));
    expect(screen.queryByTestId('approvals-inbox-count')).not.toBeInTheDocument();
  });

  it('switches to My requests: the status filter, no buyer column, and the tab in the URL', async () => {
    const { server, view, user } = await openPage();
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    await user.click(screen.getByRole('tab', { name: 'My requests' }));
    await waitFor(() => expect(listCalls(server)).toEqual([INBOX, MINE]));
    expect(view.location()).toBe('/approvals?view=mine');
    const table = await screen.findByRole('table', { name: 'My requests' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Request', 'Requested on', 'Total', 'Cost centre', 'Status', 'Waiting for',
    ]);

    await choose(user, /Status/, 'Rejected');
    await waitFor(() => expect(listCalls(server)).toHaveLength(3));
    expect(listCalls(server)[2]).toEqual({ ...MINE, status: 'rejected' });
    expect(view.location()).toBe('/approvals?view=mine&status=rejected');
  });

  it('lists every request of the units reached in All requests, filtered by unit and status', async () => {
    const { server, view, user } = await openPage('/approvals?view=company');
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    expect(screen.getByText('Every purchase request of Chemistry and its units.')).toBeInTheDocument();
    await choose(user, /Company/, 'Organic Synthesis Lab');
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
    expect(listCalls(server)).toEqual([COMPANY, { ...COMPANY, companyId: 12 }]);
    expect(view.location()).toBe('/approvals?view=company&company=12');

    await choose(user, /Status/, 'Approved and placed');
    await waitFor(() => expect(listCalls(server)).toHaveLength(3));
    expect(listCalls(server)[2]).toEqual({ ...COMPANY, companyId: 12, status: 'placed' });

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(view.location()).toBe('/approvals?view=company'));
  });

  it('has no All requests tab without get_orders level 2, and no rules or budgets without manage_approvals', async () => {
    const { server } = await openPage('/approvals?view=company', requestsResult([requestRow()]), JUNIOR);
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Awaiting my approval', 'My requests']);
    // The company view in the URL is read as the inbox.
    expect(listCalls(server)).toEqual([INBOX]);
    expect(screen.queryByRole('navigation', { name: 'Approval settings' })).not.toBeInTheDocument();
  });

  it('sorts by date and total, and pages on the server', async () => {
    const { server, view, user } = await openPage('/approvals?view=mine', requestsResult([requestRow(), REJECTED], 25), SENIOR);
    await screen.findByRole('rowheader', { name: 'Purchase request 12' });
    expect(screen.getByRole('columnheader', { name: 'Requested on' })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(listCalls(server)).toHaveLength(2));
    expect(listCalls(server)[1]).toEqual({ ...MINE, orderBy: '-grandTotal' });
    await user.click(await screen.findByRole('button', { name: /next page/i }));
    await waitFor(() => expect(listCalls(server)).toHaveLength(3));
    expect(listCalls(server)[2]).toEqual({ ...MINE, orderBy: '-grandTotal', offset: 10 });
    expect(view.location()).toBe('/approvals?view=mine&sort=-grandTotal&page=2');
    // Only the date and the total sort.
    expect(screen.queryByRole('button', { name: 'Status' })).not.toBeInTheDocument();
  });

  it('says when nothing awaits the caller, and when no request matches the filters', async () => {
    const { user } = await openPage('/approvals', requestsResult([]), SENIOR);
    expect(await screen.findByRole('heading', { name: 'Nothing awaits your approval' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'My requests' }));
    expect(await screen.findByRole('heading', { name: 'You have no purchase requests' })).toBeInTheDocument();
  });

  it('offers to clear filters that match nothing', async () => {
    const { server, view, user } = await openPage('/approvals?view=mine&status=expired', (variables) =>
      variables.status ? requestsResult([]) : requestsResult([requestRow()]),
    SENIOR);
    const heading = await screen.findByRole('heading', { name: 'No purchase requests match your filters' });
    await user.click(within(heading.parentElement as HTMLElement).getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('rowheader', { name: 'Purchase request 12' })).toBeInTheDocument();
    expect(view.location()).toBe('/approvals?view=mine');
    expect(listCalls(server)).toEqual([{ ...MINE, status: 'expired' }, MINE]);
  });

  it('shows a failure in place, without a toast, and tries again', async () => {
    let attempts = 0;
    const { server, user } = await openPage('/approvals', () => {
      attempts += 1;
      return attempts === 1 ? { errors: [{ message: 'The approvals service is busy.', extensions: { code: 'INTERNAL_ERROR' } }] } : requestsResult([requestRow()]);
    }, SENIOR);
    expect(await screen.findByText('We couldn’t load the purchase requests.')).toBeInTheDocument();
    expect(screen.getByText('The approvals service is busy.')).toBeInTheDocument();
    expect(getToasts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('rowheader', { name: 'Purchase request 12' })).toBeInTheDocument();
    expect(listCalls(server)).toEqual([INBOX, INBOX]);
  });

  it('shows cards on the mobile layout, with the sort as a select', async () => {
    mobileViewport();
    await openPage('/approvals?view=mine', requestsResult([requestRow(), REJECTED]), SENIOR);
    const list = await screen.findByRole('list', { name: 'My requests' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[0]!);
    expect(card.getByRole('link', { name: 'Purchase request 12' })).toHaveAttribute('href', '/approvals/12');
    expect(card.getByText('Awaiting approval')).toBeInTheDocument();
    expect(card.getAllByRole('term').map((term) => term.textContent)).toEqual(['Requested on', 'Total', 'Cost centre', 'Waiting for']);
    expect(card.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Mar 2, 2026', '$6,480.00', 'NIH-R01-123', 'Admins of Organic Synthesis Lab']);
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toBeInTheDocument();
  });
});
