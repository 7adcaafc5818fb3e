import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { DEMO_PERMISSIONS, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';
import type { Budget, BudgetInput } from '../api/budgets';
import { CHEMISTRY_BUDGET, PEOPLE, budget, budgetsResult, fieldRefusal, usersResult } from '../test/approvalFixtures';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);

/** The Organic Synthesis Lab's manager: its grant budget, and Chemistry's above it, read-only. */
const LAB_ADMIN = northfieldUser(12, { permissions: [...DEMO_PERMISSIONS.admin] });
/** The university's admin acting for Chemistry: budgets for Chemistry or its lab. */
const CHEMISTRY_ADMIN = northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] });
const GRANT = budget();
const LIST = { first: 20, offset: 0, companyId: null };

const saved = (budgetData: BudgetInput): GraphQLResult => {
  const value = budget({ id: 50, name: budgetData.name });
  return { data: { budgetCreate: value, budgetUpdate: value } };
};

async function openBudgets(budgets: Budget[] = [CHEMISTRY_BUDGET, GRANT], handlers: Record<string, Handler> = {}, who: CustomerInfo = LAB_ADMIN) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    Budgets: budgetsResult(budgets),
    CompanyUnits: companyUnitsResult(who.companyInfo?.id ?? 12),
    ApproverUsers: (variables) => usersResult(PEOPLE.filter((person) => !variables.search || `${person.firstName} ${person.lastName}`.includes(String(variables.search)))),
    ...handlers,
  });
  const view = renderPortal('/approvals/budgets');
  await screen.findByRole('heading', { level: 1, name: 'Budgets' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const rowOf = (name: RegExp) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const variablesOf = (server: ReturnType<typeof mockGraphQL>, operation: string) => server.callsTo(operation).map((call) => call.variables);
const field = (dialog: HTMLElement, name: string) => within(dialog).getByRole('textbox', { name });

describe('/approvals/budgets (issue 41)', () => {
  it('lists the unit’s budgets and the inherited ones, read-only, with what each has committed, spent and left', async () => {
    const { server } = await openBudgets();
    await screen.findByRole('rowheader', { name: /NIH R01 grant 123/ });
    const table = screen.getByRole('table', { name: 'Budgets' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Budget', 'Covers', 'Period', 'Amount', 'Used', 'Actions',
    ]);
    const grant = rowOf(/NIH R01 grant 123/);
    expect(within(grant).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Cost centre NIH-R01-123Every buyer',
      'The grant’s own datesJan 1, 2026 – Dec 31, 2028',
      '$250,000.00Hard',
      'Committed$6,480.00Spent$43,520.00Remaining$200,000.00',
      'EditDelete',
    ]);
    expect(within(grant).getByRole('meter', { name: 'NIH R01 grant 123: 20% used' })).toHaveAttribute('aria-valuenow', '20');
    const chemistry = rowOf(/Chemistry department supplies/);
    expect(within(chemistry).getByRole('rowheader')).toHaveTextContent('Chemistry department suppliesfrom Chemistry');
    expect(within(chemistry).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Every cost centreEvery buyer',
      'YearJan 1, 2026 – Dec 31, 2026',
      '$400,000.00Soft',
      'Committed$96,800.00Spent$300,000.00Remaining$3,200.00',
      'Read-only',
    ]);
    expect(within(chemistry).getByRole('meter', { name: 'Chemistry department supplies: 99% used' })).toBeInTheDocument();
    expect(variablesOf(server, 'Budgets')).toEqual([LIST]);
    expect(screen.getByText('2 budgets').closest('[role="status"]')).not.toBeNull();
  });

  it('says when there are no budgets yet', async () => {
    await openBudgets([]);
    expect(await screen.findByRole('heading', { name: 'No budgets yet' })).toBeInTheDocument();
  });

  it('adds a budget: what is typed is checked first, a grant needs its dates in order', async () => {
    const { server, user } = await openBudgets([GRANT], { BudgetCreate: (variables) => saved(variables.budgetData as BudgetInput) });
    await user.click(screen.getByRole('button', { name: 'Add budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a budget' });
    // The store's currency, a year, hard, active: the defaults.
    expect(within(dialog).getByRole('combobox', { name: /Currency/ })).toHaveTextContent('USD');
    expect(within(dialog).getByRole('combobox', { name: /Period/ })).toHaveTextContent('Year');
    expect(within(dialog).getByRole('radio', { name: 'Hard: the order cannot be placed' })).toBeChecked();
    // A manager of a unit without units below it has no unit to choose.
    expect(within(dialog).queryByRole('combobox', { name: 'Unit' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    expect(field(dialog, 'Name')).toHaveAccessibleDescription('Enter a name.');
    expect(field(dialog, 'Amount')).toHaveAccessibleDescription('Enter an amount.');
    expect(field(dialog, 'Name')).toHaveFocus();

    await enterText(user, field(dialog, 'Name'), 'Reagents grant');
    await enterText(user, field(dialog, 'Amount'), '12,500');
    expect(field(dialog, 'Amount')).toHaveAccessibleDescription('Enter an amount such as 250000 or 250000.00.');
    await user.clear(field(dialog, 'Amount'));
    await enterText(user, field(dialog, 'Amount'), '12500.50');

    await user.click(within(dialog).getByRole('combobox', { name: /Period/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'The grant’s own dates' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    expect(within(dialog).getByLabelText(/Grant starts on/)).toHaveAccessibleDescription('Enter the day the grant starts.');
    fireEvent.change(within(dialog).getByLabelText(/Grant starts on/), { target: { value: '2026-06-01' } });
    fireEvent.change(within(dialog).getByLabelText(/Grant ends on/), { target: { value: '2026-05-31' } });
    expect(within(dialog).getByLabelText(/Grant ends on/)).toHaveAccessibleDescription('The grant must end on or after the day it starts.');
    fireEvent.change(within(dialog).getByLabelText(/Grant ends on/), { target: { value: '2027-05-31' } });
    expect(server.callsTo('BudgetCreate')).toHaveLength(0);

    await enterText(user, field(dialog, 'Cost centre or grant code'), 'NSF-CHE-42');
    await enterText(user, within(dialog).getByRole('combobox', { name: 'Buyer' }), 'Lena');
    await user.click(await screen.findByRole('option', { name: /^Lena Lab/ }));
    await user.click(within(dialog).getByRole('radio', { name: 'Soft: the order needs approval' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));

    await waitFor(() => expect(server.callsTo('BudgetCreate')).toHaveLength(1));
    expect(variablesOf(server, 'BudgetCreate')).toEqual([
      {
        budgetData: {
          companyId: null, name: 'Reagents grant', costCentre: 'NSF-CHE-42', userId: 31, amount: '12500.50', currencyCode: 'USD', period: 'grant',
          startsOn: '2026-06-01', endsOn: '2027-05-31', hard: false, isActive: true,
        },
      },
    ]);
    await waitFor(() => expect(getToasts().map((item) => item.message)).toEqual(['The budget “Reagents grant” was added.']));
    await waitFor(() => expect(variablesOf(server, 'Budgets')).toEqual([LIST, LIST]));
  });

  it('lets a manager whose lists span units choose the budget’s unit', async () => {
    const { server, user } = await openBudgets([CHEMISTRY_BUDGET], { BudgetCreate: (variables) => saved(variables.budgetData as BudgetInput) }, CHEMISTRY_ADMIN);
    await user.click(screen.getByRole('button', { name: 'Add budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a budget' });
    await enterText(user, field(dialog, 'Name'), 'Lab consumables');
    await enterText(user, field(dialog, 'Amount'), '20000');
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Organic Synthesis Lab/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    await waitFor(() => expect(server.callsTo('BudgetCreate')).toHaveLength(1));
    expect(variablesOf(server, 'BudgetCreate')[0]).toMatchObject({ budgetData: { companyId: 12, name: 'Lab consumables', amount: '20000', period: 'year', startsOn: null, endsOn: null } });
  });

  it('shows the server’s field errors under their fields, and a refusal without a field above the form', async () => {
    let attempts = 0;
    const { user } = await openBudgets([GRANT], {
      BudgetCreate: () => {
        attempts += 1;
        return attempts === 1
          ? fieldRefusal({ amount: ['Ensure this value is greater than or equal to 0.'] }, { amount: ['min_value'] })
          : { errors: [{ message: 'Not found.', extensions: { code: 'NOT_FOUND' } }] };
      },
    });
    await user.click(screen.getByRole('button', { name: 'Add budget' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a budget' });
    await enterText(user, field(dialog, 'Name'), 'Reagents');
    await enterText(user, field(dialog, 'Amount'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    await waitFor(() => expect(field(dialog, 'Amount')).toHaveAccessibleDescription('Enter 0 or more.'));
    await waitFor(() => expect(field(dialog, 'Amount')).toHaveFocus());

    await user.click(within(dialog).getByRole('button', { name: 'Add budget' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This no longer exists, or you can’t see it.');
    expect(getToasts()).toEqual([]);
  });

  it('edits a budget as it is, and deletes one after a confirmation', async () => {
    const { server, user } = await openBudgets([GRANT], {
      BudgetUpdate: (variables) => saved(variables.budgetData as BudgetInput),
      BudgetDelete: { data: { budgetDelete: true } },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit NIH R01 grant 123' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit NIH R01 grant 123' });
    expect(field(dialog, 'Amount')).toHaveValue('250000.00');
    expect(within(dialog).getByLabelText(/Grant ends on/)).toHaveValue('2028-12-31');
    await user.clear(field(dialog, 'Amount'));
    await enterText(user, field(dialog, 'Amount'), '300000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('BudgetUpdate')).toHaveLength(1));
    expect(variablesOf(server, 'BudgetUpdate')).toEqual([
      {
        id: 7,
        budgetData: {
          companyId: 12, name: 'NIH R01 grant 123', costCentre: 'NIH-R01-123', userId: null, amount: '300000', currencyCode: 'USD', period: 'grant',
          startsOn: '2026-01-01', endsOn: '2028-12-31', hard: true, isActive: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit NIH R01 grant 123' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete NIH R01 grant 123' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete the budget “NIH R01 grant 123”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(variablesOf(server, 'BudgetDelete')).toEqual([{ id: 7 }]));
    await waitFor(() => expect(getToasts().map((item) => item.message)).toContain('The budget “NIH R01 grant 123” was deleted.'));
  });

  it('shows the budgets as cards on the mobile layout', async () => {
    mobileViewport();
    await openBudgets();
    const list = await screen.findByRole('list', { name: 'Budgets' });
    const cards = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByRole('meter', { name: 'NIH R01 grant 123: 20% used' })).toBeInTheDocument();
  });
});
