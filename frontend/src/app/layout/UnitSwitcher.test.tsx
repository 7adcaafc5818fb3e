import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';

import { getToasts } from '../../components/toast/toastStore';
import { setB2BToken } from '../../lib/session';
import type { CompanyUnit } from '../../lib/user/companyUnits';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import { DEMO_PERMISSIONS, customer, customerResult, mockGraphQL, type GraphQLResult } from '../../test/graphqlMock';
import { NORTHFIELD_UNITS, northfieldUser } from '../../test/companyUnits';
import { renderPortal } from '../../test/renderPortal';
import { enterText } from '../../test/userInput';
import { mobileViewport } from '../../test/viewport';

// Issue 40: Northfield University's admin acts for the units below it and back, in place.

const TREE = NORTHFIELD_UNITS;

/** The university's admin, acting for `actingId`. */
const universityAdmin = (actingId = 1): CustomerInfo => northfieldUser(actingId, { permissions: [...DEMO_PERMISSIONS.admin] });

/** A fake server keeping the unit acted for, as the real one does. */
function unitServer(tree: readonly Omit<CompanyUnit, 'isActing'>[] = TREE, extra: Parameters<typeof mockGraphQL>[0] = {}) {
  const state = { acting: 1 };
  const server = mockGraphQL({
    CustomerInfo: () => customerResult(universityAdmin(state.acting)),
    CompanyUnits: () => ({ data: { companyUnits: tree.map((unit) => ({ ...unit, isActing: unit.id === state.acting })) } }),
    ActForUnit: (variables): GraphQLResult => {
      const id = (variables.companyId as number | null) ?? 1;
      if (!tree.some((unit) => unit.id === id)) {
        return { data: null, errors: [{ message: 'Not found.', path: ['actForUnit'], extensions: { code: 'NOT_FOUND' } }] };
      }
      state.acting = id;
      return { data: { actForUnit: universityAdmin(id) } };
    },
    // The admin's audit of masquerades on the account page.
    CompanyMasqueradeSessions: { data: { companyMasqueradeSessions: { totalCount: 0, edges: [] } } },
    ...extra,
  });
  return { server, state };
}

async function openAccountSettings(tree = TREE, extra: Parameters<typeof mockGraphQL>[0] = {}) {
  setB2BToken('tok');
  const { server, state } = unitServer(tree, extra);
  const view = renderPortal('/accountSettings');
  await screen.findByRole('heading', { level: 1, name: 'Account settings' });
  await screen.findByLabelText(/First name/);
  return { server, state, view, user: userEvent.setup({ delay: null }) };
}

const switcher = () => screen.getByRole('button', { name: /^Acting for: .*\. Switch unit$/ });
const unitList = async () => within(await screen.findByRole('list', { name: 'Units' }));
const unitButtons = async () => (await unitList()).getAllByRole('button');
const actCalls = (server: ReturnType<typeof mockGraphQL>) => server.callsTo('ActForUnit').map((call) => call.variables);

describe('the unit switcher (issue 40)', () => {
  it('is not there for a user who cannot act for other units, who is never asked for units', async () => {
    setB2BToken('tok');
    const server = mockGraphQL({ CustomerInfo: customerResult(customer({ role: 0, permissions: [...DEMO_PERMISSIONS.admin] })) });
    renderPortal('/accountSettings');
    await screen.findByRole('heading', { level: 1, name: 'Account settings' });

    expect(screen.queryByRole('button', { name: /Acting for/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('b2b-acting-unit-bar')).not.toBeInTheDocument();
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);
  });

  it('shows the unit acted for and lists the units in tree order, indented by level, the current one marked', async () => {
    const { server, user } = await openAccountSettings();
    expect(switcher()).toHaveTextContent('Acting for: Northfield University');
    expect(switcher()).toHaveAttribute('aria-haspopup', 'dialog');
    // Acting for their own company: no bar, and the units are asked for only when the list opens.
    expect(screen.queryByTestId('b2b-acting-unit-bar')).not.toBeInTheDocument();
    expect(server.callsTo('CompanyUnits')).toHaveLength(0);

    await user.click(switcher());
    const dialog = await screen.findByRole('dialog', { name: 'Act for a unit' });
    const buttons = await unitButtons();

    expect(buttons.map((button) => button.textContent)).toEqual([
      'Northfield University(current)',
      'Chemistry, in Northfield University',
      'Organic Synthesis Lab, in Chemistry',
      'Biology, in Northfield University',
      'Genetics Lab, in Biology',
    ]);
    const indents = buttons.map((button) => parseFloat(button.style.paddingLeft));
    expect(indents[1]).toBeGreaterThan(indents[0]!);
    expect(indents[2]).toBeGreaterThan(indents[1]!);
    expect(indents[3]).toBe(indents[1]);
    expect(buttons[0]).toHaveAttribute('aria-current', 'true');
    expect(buttons.slice(1).every((button) => !button.hasAttribute('aria-current'))).toBe(true);
    // Five units: no search field.
    expect(within(dialog).queryByRole('searchbox')).not.toBeInTheDocument();
    expect(server.callsTo('CompanyUnits')).toHaveLength(1);
  });

  it('switches in place: the header and the bar name the unit, the page keeps what was typed, and back again', async () => {
    const { server, user } = await openAccountSettings();
    const heading = screen.getByRole('heading', { level: 1, name: 'Account settings' });
    const firstName = screen.getByLabelText(/First name/) as HTMLInputElement;
    await user.clear(firstName);
    await enterText(user, firstName, 'Unsaved');

    await user.click(switcher());
    await user.click((await unitList()).getByRole('button', { name: /^Organic Synthesis Lab/ }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    expect(actCalls(server)).toEqual([{ companyId: 12 }]);
    expect(switcher()).toHaveTextContent('Acting for: Organic Synthesis Lab');
    const bar = screen.getByRole('region', { name: 'Unit you act for' });
    expect(bar).toHaveTextContent('Acting for Organic Synthesis Lab (Northfield University)');
    expect(getToasts()).toEqual([expect.objectContaining({ type: 'success', message: 'You now act for Organic Synthesis Lab.' })]);
    // The page was not left nor mounted again: the same heading and field, the unsaved input still in it.
    expect(screen.getByRole('heading', { level: 1, name: 'Account settings' })).toBe(heading);
    expect(screen.getByLabelText(/First name/)).toBe(firstName);
    expect(firstName.value).toBe('Unsaved');
    // The customer came with the mutation's answer: not asked again; the page's company data was.
    expect(server.callsTo('CustomerInfo')).toHaveLength(1);
    await waitFor(() => expect(server.callsTo('CompanyMasqueradeSessions')).toHaveLength(2));

    // The list marks the unit acted for now.
    await user.click(switcher());
    const current = (await unitButtons()).find((button) => button.getAttribute('aria-current') === 'true');
    expect(current).toHaveTextContent(/^Organic Synthesis Lab\(current\)/);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());

    await user.click(within(bar).getByRole('button', { name: 'Back to Northfield University' }));
    await waitFor(() => expect(screen.queryByTestId('b2b-acting-unit-bar')).not.toBeInTheDocument());
    expect(actCalls(server)).toEqual([{ companyId: 12 }, { companyId: null }]);
    expect(switcher()).toHaveTextContent('Acting for: Northfield University');
    expect(firstName.value).toBe('Unsaved');
  });

  it('choosing the unit acted for only closes the list', async () => {
    const { server, user } = await openAccountSettings();
    await user.click(switcher());
    await user.click((await unitList()).getByRole('button', { name: /^Northfield University/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    expect(actCalls(server)).toEqual([]);
  });

  it('keeps a list on screen with its rows under a progress bar until the new unit’s rows arrive', async () => {
    const order = (id: string, poNumber: string) => ({
      id, number: Number(id), poNumber, status: 'completed', statusLabel: 'Completed', placedBy: { id: 7, name: 'Sam Senior', email: 'senior@acme.test' },
      createdAt: '2026-03-02T12:00:00+00:00', currencyCode: 'USD', grandTotal: '10.00', itemCount: 1, lineCount: 1,
    });
    const page = (orders: ReturnType<typeof order>[]) => ({ data: { orders: { totalCount: orders.length, totalCountCapped: false, edges: orders.map((node) => ({ node })) } } });
    let release: (() => void) | undefined;
    const { server, state } = unitServer(TREE, {
      OrderPlacedBy: { data: { createdByUser: [] } },
      Orders: () =>
        state.acting === 1
          ? page([order('100001', 'PO-UNIVERSITY')])
          : new Promise<GraphQLResult>((resolve) => {
              release = () => resolve(page([order('100002', 'PO-ORGANIC')]));
            }),
    });
    setB2BToken('tok');
    renderPortal('/company-orders');
    const user = userEvent.setup({ delay: null });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Lab orders' });
    await screen.findByRole('rowheader', { name: '100001' });

    await user.click(switcher());
    await user.click((await unitList()).getByRole('button', { name: /^Organic Synthesis Lab/ }));

    await waitFor(() => expect(release).toBeDefined());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    // Loading for the new unit: the old rows stay, under the table's progress bar; never an empty page.
    expect(screen.getByRole('rowheader', { name: '100001' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('progressbar', { name: 'Loading orders' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lab orders' })).toBe(heading);

    release!();
    await screen.findByRole('rowheader', { name: '100002' });
    expect(screen.queryByRole('rowheader', { name: '100001' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lab orders' })).toBe(heading);
    expect(server.callsTo('Orders')).toHaveLength(2);
  });

  it('a refused switch changes nothing, says why, and asks for the units again', async () => {
    // The list still offers a unit the server no longer lets them act for (moved away meanwhile).
    const stale = [...TREE, { id: 99, companyName: 'Moved Lab', parentId: 1, depth: 1, isHome: false }];
    const { server, user } = await openAccountSettings(stale, {
      ActForUnit: { data: null, errors: [{ message: 'Not found.', path: ['actForUnit'], extensions: { code: 'NOT_FOUND' } }] },
    });
    await user.click(switcher());
    await user.click((await unitList()).getByRole('button', { name: /^Moved Lab/ }));

    await waitFor(() => expect(getToasts()).toEqual([expect.objectContaining({ type: 'error', message: 'You can’t act for Moved Lab (any more). The list of units has been updated.' })]));
    expect(actCalls(server)).toEqual([{ companyId: 99 }]);
    await waitFor(() => expect(server.callsTo('CompanyUnits')).toHaveLength(2));
    // Still acting for their own company; the list stays open to choose another.
    expect(screen.getByRole('dialog', { name: 'Act for a unit' })).toBeInTheDocument();
    expect(screen.queryByTestId('b2b-acting-unit-bar')).not.toBeInTheDocument();
    expect(screen.getByTestId('b2b-unit-switcher')).toHaveTextContent('Acting for: Northfield University');
    expect(server.callsTo('CustomerInfo')).toHaveLength(1);
  });

  it('works from the keyboard: Enter opens, the arrows move, Enter switches, focus comes back; Escape changes nothing', async () => {
    const { server, user } = await openAccountSettings();
    switcher().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Act for a unit' });
    const buttons = await unitButtons();
    // The unit acted for has the focus on opening.
    await waitFor(() => expect(buttons[0]).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    expect(buttons[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(buttons[4]).toHaveFocus();
    await user.keyboard('{Home}{ArrowDown}{ArrowDown}');
    expect(buttons[2]).toHaveTextContent(/^Organic Synthesis Lab/);
    expect(buttons[2]).toHaveFocus();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    expect(actCalls(server)).toEqual([{ companyId: 12 }]);
    await waitFor(() => expect(switcher()).toHaveFocus());
    expect(switcher()).toHaveTextContent('Acting for: Organic Synthesis Lab');

    await user.keyboard(' ');
    await screen.findByRole('dialog', { name: 'Act for a unit' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    await waitFor(() => expect(switcher()).toHaveFocus());
    expect(actCalls(server)).toHaveLength(1);
  });

  it('searches a long list by name, each result with the units above it', async () => {
    const labs = Array.from({ length: 8 }, (_, index) => ({ id: 100 + index, companyName: `Chemistry Lab ${index + 1}`, parentId: 5, depth: 2, isHome: false }));
    const { server, user } = await openAccountSettings([...TREE, ...labs]);
    await user.click(switcher());
    const dialog = await screen.findByRole('dialog', { name: 'Act for a unit' });
    const search = within(dialog).getByRole('searchbox', { name: 'Find a unit' });
    await waitFor(() => expect(search).toHaveFocus());
    expect(await unitButtons()).toHaveLength(13);

    await user.type(search, 'genetics');
    const found = await unitButtons();
    expect(found).toHaveLength(1);
    expect(found[0]).toHaveTextContent('Genetics Lab');
    expect(found[0]).toHaveTextContent('Northfield University › Biology');
    await user.keyboard('{ArrowDown}');
    expect(found[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(actCalls(server)).toEqual([{ companyId: 13 }]));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    await user.click(switcher());
    const again = await screen.findByRole('dialog', { name: 'Act for a unit' });
    await user.type(within(again).getByRole('searchbox', { name: 'Find a unit' }), 'physics');
    expect(within(again).getByRole('status')).toHaveTextContent('No unit matches “physics”.');
    expect(within(again).queryByRole('list', { name: 'Units' })).not.toBeInTheDocument();
  });

  it('is in the menu drawer on a phone; after a switch the drawer closes on the page, the bar under the header', async () => {
    mobileViewport();
    const { server, user } = await openAccountSettings();
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await user.click(menuButton);
    const drawerMenu = await screen.findByRole('navigation', { name: 'Portal menu' });
    await user.click(await screen.findByRole('button', { name: 'Acting for: Northfield University. Switch unit' }));
    await user.click((await unitList()).getByRole('button', { name: /^Chemistry/ }));
    await waitFor(() => expect(actCalls(server)).toEqual([{ companyId: 5 }]));

    // The list and the drawer close: the page is what changed, and it is in view with the bar that says so.
    await waitFor(() => expect(drawerMenu).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Unit you act for' })).toHaveTextContent('Acting for Chemistry (Northfield University)');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(menuButton).toHaveFocus());
  });

  it('on a phone, cancelling the list leaves the drawer open', async () => {
    mobileViewport();
    const { server, user } = await openAccountSettings();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await user.click(await screen.findByRole('button', { name: 'Acting for: Northfield University. Switch unit' }));
    await unitList();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Portal menu' })).toBeInTheDocument();
    expect(actCalls(server)).toEqual([]);
  });

  it('passes axe’s rules, the bar and the open list (colour contrast is the browser suite’s: jsdom does not lay out)', async () => {
    const { user } = await openAccountSettings();
    await user.click(switcher());
    await user.click((await unitList()).getByRole('button', { name: /^Genetics Lab/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Act for a unit' })).not.toBeInTheDocument());
    const options = { rules: { 'color-contrast': { enabled: false } } };
    // One at a time: axe leaves out what is hidden, and an open dialog hides the page under it.
    const found = [...(await axe.run(screen.getByTestId('b2b-acting-unit-bar'), options)).violations];
    await user.click(switcher());
    await unitList();
    found.push(...(await axe.run(screen.getByRole('dialog', { name: 'Act for a unit' }), options)).violations);
    expect(found.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
