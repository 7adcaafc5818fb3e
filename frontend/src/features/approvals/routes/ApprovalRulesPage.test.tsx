import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { getToasts } from '../../../components/toast/toastStore';
import { setB2BToken } from '../../../lib/session';
import type { CustomerInfo } from '../../../lib/user/customerInfo';
import { companyUnitsResult, northfieldUser } from '../../../test/companyUnits';
import { DEMO_PERMISSIONS, customerResult, mockGraphQL, type GraphQLResult } from '../../../test/graphqlMock';
import { renderPortal } from '../../../test/renderPortal';
import { enterText } from '../../../test/userInput';
import { mobileViewport } from '../../../test/viewport';
import type { ApprovalRule, ApprovalRuleInput } from '../api/approvalRules';
import { PEOPLE, UNIVERSITY_RULE, fieldRefusal, refusal, rule, rulesResult, usersResult } from '../test/approvalFixtures';

type Handler = GraphQLResult | ((variables: Record<string, unknown>) => GraphQLResult | Promise<GraphQLResult>);
type User = ReturnType<typeof userEvent.setup>;

/** The university's admin acting for Chemistry: the rules of Chemistry and its lab, the university's read-only. */
const CHEMISTRY_ADMIN = northfieldUser(5, { permissions: [...DEMO_PERMISSIONS.admin] });
const OWN_RULE = rule();
const LIST = { first: 20, offset: 0, companyId: null };

const savedRule = (ruleData: ApprovalRuleInput, id = 40): GraphQLResult => ({
  data: {
    approvalRuleCreate: rule({ id, name: ruleData.name }),
    approvalRuleUpdate: rule({ id, name: ruleData.name }),
  },
});

async function openRules(rules: ApprovalRule[] = [UNIVERSITY_RULE, OWN_RULE], handlers: Record<string, Handler> = {}, who: CustomerInfo = CHEMISTRY_ADMIN) {
  setB2BToken('tok');
  const server = mockGraphQL({
    CustomerInfo: customerResult(who),
    ApprovalRules: rulesResult(rules),
    CompanyUnits: companyUnitsResult(5),
    ApproverUsers: (variables) => usersResult(PEOPLE.filter((person) => !variables.search || `${person.firstName} ${person.lastName}`.includes(String(variables.search)))),
    ...handlers,
  });
  const view = renderPortal('/approvals/rules');
  await screen.findByRole('heading', { level: 1, name: 'Approval rules' });
  return { server, view, user: userEvent.setup({ delay: null }) };
}

const rowOf = (name: RegExp) => screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
const ruleDialog = (name: string | RegExp) => screen.findByRole('dialog', { name });
const tier = (dialog: HTMLElement, number: number) => within(dialog).getByRole('group', { name: `Tier ${number}` });
const variablesOf = (server: ReturnType<typeof mockGraphQL>, operation: string) => server.callsTo(operation).map((call) => call.variables);

async function pickPerson(user: User, scope: HTMLElement, typed: string, name: RegExp) {
  await enterText(user, within(scope).getByRole('combobox', { name: 'People' }), typed);
  await user.click(await screen.findByRole('option', { name }));
}

describe('/approvals/rules (issue 41)', () => {
  it('lists the unit’s rules and the inherited ones, read-only, with their conditions and tiers', async () => {
    const { server } = await openRules();
    await screen.findByRole('rowheader', { name: /Solvents over \$2,000/ });
    const table = screen.getByRole('table', { name: 'Approval rules' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Rule', 'Company', 'Holds orders when', 'Approvers, in order', 'Override', 'Actions',
    ]);
    const inherited = rowOf(/Orders above \$5,000/);
    expect(within(inherited).getByRole('rowheader')).toHaveTextContent('Orders above $5,000from Northfield University');
    expect(within(inherited).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Northfield University', 'Total above $5,000.00', 'Admin of the ordering unitAdmin of one unit above', 'Allowed', 'Read-only',
    ]);
    expect(within(inherited).queryByRole('button')).not.toBeInTheDocument();
    const own = rowOf(/Solvents over \$2,000/);
    expect(within(own).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent)).toEqual([
      'Chemistry', 'Total above $2,000.00 · Buyer is: Junior buyer', 'Admin of the ordering unit', 'Not allowed',
    ]);
    expect(within(own).getByRole('button', { name: 'Edit Solvents over $2,000' })).toBeInTheDocument();
    expect(within(own).getByRole('button', { name: 'Delete Solvents over $2,000' })).toBeInTheDocument();
    expect(variablesOf(server, 'ApprovalRules')).toEqual([LIST]);
    expect(screen.getByRole('link', { name: 'Back to approvals' })).toHaveAttribute('href', '/approvals');
  });

  it('narrows the list to one unit of those it spans', async () => {
    const { server, view, user } = await openRules();
    await screen.findByRole('rowheader', { name: /Solvents over \$2,000/ });
    await user.click(screen.getByRole('combobox', { name: /Company/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Organic Synthesis Lab/ }));
    await waitFor(() => expect(variablesOf(server, 'ApprovalRules')).toEqual([LIST, { ...LIST, companyId: 12 }]));
    expect(view.location()).toBe('/approvals/rules?company=12');
  });

  it('says when there are no rules yet', async () => {
    await openRules([]);
    expect(await screen.findByRole('heading', { name: 'No approval rules yet' })).toBeInTheDocument();
  });

  it('adds a rule: a name, a condition and tiers — named people moved first, a role in the ordering unit after', async () => {
    const { server, user } = await openRules([UNIVERSITY_RULE, OWN_RULE], {
      ApprovalRuleCreate: (variables) => savedRule(variables.ruleData as ApprovalRuleInput),
    });
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await ruleDialog('Add an approval rule');

    // Nothing typed: a name and a condition are asked for, nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('Enter a name.');
    expect(within(dialog).getByTestId('rule-conditions-error')).toHaveTextContent('Set at least one condition');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();

    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Equipment over $2,500');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Total above' }), '2500');
    expect(within(dialog).queryByTestId('rule-conditions-error')).not.toBeInTheDocument();

    // A second tier of named people: none chosen yet is refused.
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.click(within(tier(dialog, 2)).getByRole('radio', { name: 'Named people' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    expect(tier(dialog, 2)).toHaveTextContent('Choose at least one person.');
    expect(server.callsTo('ApprovalRuleCreate')).toHaveLength(0);

    await pickPerson(user, tier(dialog, 2), 'Carl', /^Carl Chem/);
    expect(within(tier(dialog, 2)).getByRole('button', { name: 'Carl Chem' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Move tier 2 up' }));
    expect(within(tier(dialog, 1)).getByRole('radio', { name: 'Named people' })).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Move tier 1 up' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(server.callsTo('ApprovalRuleCreate')).toHaveLength(1));
    expect(variablesOf(server, 'ApprovalRuleCreate')).toEqual([
      {
        ruleData: {
          companyId: null, name: 'Equipment over $2,500', isActive: true, replacesId: null, minTotal: '2500', currencyCode: 'USD', costCentre: '',
          categoryId: null, offPriceList: false, minLines: null, buyerRoles: [], overBudget: false, allowOverride: false,
          tiers: [{ role: null, levelsUp: 0, userIds: [24] }, { role: 0, levelsUp: 0, userIds: [] }],
        },
      },
    ]);
    await waitFor(() => expect(getToasts().map((item) => item.message)).toEqual(['The rule “Equipment over $2,500” was added.']));
    // The list is asked for again (the dialog asked for the rules it could replace: the first 50).
    await waitFor(() => expect(variablesOf(server, 'ApprovalRules').filter((variables) => variables.first === 20)).toEqual([LIST, LIST]));
  });

  it('sets a tier by role and unit level, for a unit below, replacing a rule above, with an override allowed', async () => {
    const { server, user } = await openRules([UNIVERSITY_RULE, OWN_RULE], {
      ApprovalRuleCreate: (variables) => savedRule(variables.ruleData as ApprovalRuleInput),
    });
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await ruleDialog('Add an approval rule');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Lab orders on the grant');
    await user.click(within(dialog).getByRole('combobox', { name: 'Unit' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: /Organic Synthesis Lab/ }));
    await user.click(within(dialog).getByRole('combobox', { name: /Replaces/ }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Orders above $5,000 (Northfield University)' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Cost centre or grant code' }), 'NIH-R01-123');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'More lines than' }), '3');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Senior buyer' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'The order exceeds a soft budget' }));
    await user.click(within(tier(dialog, 1)).getByRole('combobox', { name: 'Role' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Senior buyer' }));
    await user.click(within(tier(dialog, 1)).getByRole('combobox', { name: 'In' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'two units above' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'An admin may override' }));
    // A tier added and removed again leaves nothing behind; the one left, the least a rule has, cannot be removed.
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.click(within(tier(dialog, 2)).getByRole('button', { name: 'Remove tier 2' }));
    expect(within(dialog).queryByRole('group', { name: 'Tier 2' })).not.toBeInTheDocument();
    expect(within(tier(dialog, 1)).getByRole('button', { name: 'Remove tier 1' })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => expect(server.callsTo('ApprovalRuleCreate')).toHaveLength(1));
    expect(variablesOf(server, 'ApprovalRuleCreate')[0]).toEqual({
      ruleData: {
        companyId: 12, name: 'Lab orders on the grant', isActive: true, replacesId: 1, minTotal: null, currencyCode: '', costCentre: 'NIH-R01-123',
        categoryId: null, offPriceList: false, minLines: 3, buyerRoles: [1], overBudget: true, allowOverride: true,
        tiers: [{ role: 1, levelsUp: 2, userIds: [] }],
      },
    });
  });

  it('shows the server’s field errors where they belong: the name, and the tier they name', async () => {
    const { server, user } = await openRules([OWN_RULE], {
      ApprovalRuleCreate: fieldRefusal(
        { name: ['Ensure this value has at most 120 characters.'], 'tiers.1.userIds': ['Choose people of the company.'] },
        { name: ['max_length'], 'tiers.1.userIds': ['invalid_choice'] },
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    const dialog = await ruleDialog('Add an approval rule');
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Too long a name');
    await user.click(within(dialog).getByRole('checkbox', { name: 'A product is off the company’s price list' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await user.click(within(tier(dialog, 2)).getByRole('radio', { name: 'Named people' }));
    await pickPerson(user, tier(dialog, 2), 'Una', /^Una Admin/);
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));

    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('This entry is too long.'));
    expect(tier(dialog, 2)).toHaveTextContent('Choose a role, or people of your company.');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveFocus();
    expect(server.callsTo('ApprovalRuleCreate')).toHaveLength(1);
    expect(getToasts()).toEqual([]);
  });

  it('says a refusal without a field above the form', async () => {
    const { user } = await openRules([OWN_RULE], { ApprovalRuleUpdate: refusal('NOT_FOUND') });
    await user.click(await screen.findByRole('button', { name: 'Edit Solvents over $2,000' }));
    const dialog = await ruleDialog('Edit Solvents over $2,000');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This no longer exists, or you can’t see it.');
  });

  it('edits a rule as it is, and saves the change', async () => {
    const { server, user } = await openRules([OWN_RULE], {
      ApprovalRuleUpdate: (variables) => savedRule(variables.ruleData as ApprovalRuleInput, 3),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit Solvents over $2,000' }));
    const dialog = await ruleDialog('Edit Solvents over $2,000');
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Solvents over $2,000');
    expect(within(dialog).getByRole('textbox', { name: 'Total above' })).toHaveValue('2000.00');
    expect(within(dialog).getByRole('checkbox', { name: 'Junior buyer' })).toBeChecked();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Name' }));
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Name' }), 'Solvents over $2,000 (juniors)');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.callsTo('ApprovalRuleUpdate')).toHaveLength(1));
    expect(variablesOf(server, 'ApprovalRuleUpdate')).toEqual([
      {
        id: 3,
        ruleData: {
          companyId: 5, name: 'Solvents over $2,000 (juniors)', isActive: true, replacesId: null, minTotal: '2000.00', currencyCode: 'USD', costCentre: '',
          categoryId: null, offPriceList: false, minLines: null, buyerRoles: [2], overBudget: false, allowOverride: false,
          tiers: [{ role: 0, levelsUp: 0, userIds: [] }],
        },
      },
    ]);
    await waitFor(() => expect(getToasts().map((item) => item.message)).toEqual(['The rule “Solvents over $2,000 (juniors)” was saved.']));
  });

  it('deletes a rule after a confirmation', async () => {
    const { server, user } = await openRules([OWN_RULE], { ApprovalRuleDelete: { data: { approvalRuleDelete: true } } });
    await user.click(await screen.findByRole('button', { name: 'Delete Solvents over $2,000' }));
    const dialog = await ruleDialog('Delete the rule “Solvents over $2,000”?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(variablesOf(server, 'ApprovalRuleDelete')).toEqual([{ id: 3 }]));
    await waitFor(() => expect(getToasts().map((item) => item.message)).toEqual(['The rule “Solvents over $2,000” was deleted.']));
  });

  it('shows the rules as cards on the mobile layout', async () => {
    mobileViewport();
    await openRules();
    const list = await screen.findByRole('list', { name: 'Approval rules' });
    const cards = within(list).getAllByRole('listitem').filter((item) => item.parentElement === list);
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('Read-only')).toBeInTheDocument();
  });
});
