import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';

import { DialogFields, FormDialog } from '../../../components/FormDialog';
import { isIsoDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { BUDGET_PERIODS, isBudgetPeriod, useBudgetSave, type Budget, type BudgetInput, type BudgetPeriod } from '../api/budgets';
import { PERIOD_LABEL } from '../approvalTexts';
import { formFieldOf, parseAmount } from '../formFields';
import { approvalsMessages } from '../messages';
import { COST_CENTRE_MAX_LENGTH, CurrencyField, ManageForm, UnitField, useManageForm, type Problems, type UnitChoices } from './ManageDialog';
import { UserPicker, type PickedUser } from './UserPicker';

/** What the dialog edits: a new budget, or one of the list's. */
export type BudgetDialogTarget = { mode: 'create' } | { mode: 'edit'; budget: Budget };

export const NAME_MAX_LENGTH = 120;

interface BudgetValues {
  name: string;
  companyId: string;
  costCentre: string;
  user: PickedUser | null;
  amount: string;
  currencyCode: string;
  period: BudgetPeriod;
  startsOn: string;
  endsOn: string;
  hard: boolean;
  isActive: boolean;
}

const FIELDS = ['name', 'companyId', 'costCentre', 'userId', 'amount', 'currencyCode', 'period', 'startsOn', 'endsOn'] as const;

function valuesOf(budget: Budget | null, currencyCode: string): BudgetValues {
  if (!budget) {
    return { name: '', companyId: '', costCentre: '', user: null, amount: '', currencyCode, period: 'year', startsOn: '', endsOn: '', hard: true, isActive: true };
  }
  return {
    name: budget.name,
    companyId: String(budget.companyId),
    costCentre: budget.costCentre,
    user: budget.userId !== null && budget.userId !== undefined ? { id: budget.userId, name: budget.userEmail } : null,
    amount: budget.amount,
    currencyCode: budget.currencyCode,
    period: isBudgetPeriod(budget.period) ? budget.period : 'year',
    startsOn: budget.startsOn ?? '',
    endsOn: budget.endsOn ?? '',
    hard: budget.hard,
    isActive: budget.isActive,
  };
}

export interface BudgetDialogProps {
  target: BudgetDialogTarget | null;
  /** The units to choose from; null: the budget is for the unit acted for (or stays where it is). */
  units: UnitChoices | null;
  onClose(): void;
}

/** Add a budget, or change one: what it covers (unit, cost centre, buyer), how much, for which period, hard or soft. */
export function BudgetDialog({ target, units, onClose }: BudgetDialogProps) {
  return (
    <FormDialog target={target} onClose={onClose}>
      {(shown, titleId) => <BudgetForm target={shown} units={units} titleId={titleId} onClose={onClose} />}
    </FormDialog>
  );
}

function BudgetForm({ target, units, titleId, onClose }: { target: BudgetDialogTarget; units: UnitChoices | null; titleId: string; onClose(): void }) {
  const t = useMessages(approvalsMessages);
  const editing = target.mode === 'edit' ? target.budget : null;

  const validate = (value: BudgetValues): Problems => {
    const found: Problems = {};
    if (!value.name.trim()) found.name = t('approvals.budget.error.nameRequired');
    if (!value.amount.trim()) found.amount = t('approvals.budget.error.amountRequired');
    else if (parseAmount(value.amount) === null) found.amount = t('approvals.budget.error.amountInvalid');
    if (!value.currencyCode) found.currencyCode = t('approvals.budget.error.currencyRequired');
    if (value.period === 'grant') {
      if (!value.startsOn) found.startsOn = t('approvals.budget.error.startRequired');
      else if (!isIsoDate(value.startsOn)) found.startsOn = t('approvals.budget.error.dateInvalid');
      if (!value.endsOn) found.endsOn = t('approvals.budget.error.endRequired');
      else if (!isIsoDate(value.endsOn)) found.endsOn = t('approvals.budget.error.dateInvalid');
      else if (isIsoDate(value.startsOn) && value.endsOn < value.startsOn) found.endsOn = t('approvals.budget.error.endBeforeStart');
    }
    return found;
  };

  const input = (values: BudgetValues): BudgetInput => ({
    companyId: values.companyId ? Number(values.companyId) : null,
    name: values.name.trim(),
    costCentre: values.costCentre.trim(),
    userId: values.user?.id ?? null,
    amount: parseAmount(values.amount) ?? values.amount.trim(),
    currencyCode: values.currencyCode,
    period: values.period,
    startsOn: values.period === 'grant' ? values.startsOn || null : null,
    endsOn: values.period === 'grant' ? values.endsOn || null : null,
    hard: values.hard,
    isActive: values.isActive,
  });

  const form = useManageForm({
    initial: (currencyCode) => valuesOf(editing, currencyCode),
    validate,
    firstOf: (problems) => FIELDS.find((field) => problems[field]),
    placeOf: (serverField) => formFieldOf(serverField, FIELDS),
    serverFieldOf: (name) => (name === 'user' ? 'userId' : name),
    save: useBudgetSave(),
    variables: (values) => ({ id: editing?.id ?? null, budgetData: input(values) }),
    savedText: (name) => t(editing ? 'approvals.budget.toast.saved' : 'approvals.budget.toast.added', { name }),
    onClose,
  });
  const { values, change, bind, errorFor, refFor, saving } = form;

  return (
    <ManageForm
      titleId={titleId}
      title={editing ? t('approvals.budget.editTitle', { name: editing.name }) : t('approvals.budget.addTitle')}
      submitLabel={editing ? t('approvals.dialog.save') : t('approvals.budget.add')}
      form={form}
      onClose={onClose}
    >
      <DialogFields>
        <TextField
          className="wide"
          label={t('approvals.budget.field.name')}
          required
          autoFocus
          {...bind('name')}
          slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
        />
        <UnitField units={units} className="wide" label={t('approvals.budget.field.unit')} {...bind('companyId', t('approvals.budget.hint.unit'))} />
        <TextField
          label={t('approvals.budget.field.costCentre')}
          {...bind('costCentre', t('approvals.budget.hint.costCentre'))}
          slotProps={{ htmlInput: { maxLength: COST_CENTRE_MAX_LENGTH } }}
        />
        <UserPicker
          label={t('approvals.budget.field.user')}
          value={values.user}
          onChange={(user) => change('user', user)}
          error={Boolean(errorFor('userId'))}
          helperText={errorFor('userId') ?? t('approvals.budget.hint.user')}
          disabled={saving}
          inputRef={refFor('userId')}
        />
        <TextField
          label={t('approvals.budget.field.amount')}
          required
          {...bind('amount', t('approvals.budget.hint.amount'))}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
        />
        <CurrencyField label={t('approvals.budget.field.currency')} required {...bind('currencyCode')} />
        <TextField
          select
          className="wide"
          label={t('approvals.budget.field.period')}
          required
          {...bind('period', t('approvals.budget.hint.period'))}
          onChange={(event) => change('period', isBudgetPeriod(event.target.value) ? event.target.value : 'year')}
        >
          {BUDGET_PERIODS.map((period) => (
            <MenuItem key={period} value={period}>
              {t(PERIOD_LABEL[period])}
            </MenuItem>
          ))}
        </TextField>
        {values.period === 'grant' && (
          <>
            <TextField type="date" label={t('approvals.budget.field.startsOn')} required {...bind('startsOn')} slotProps={{ inputLabel: { shrink: true } }} />
            <TextField type="date" label={t('approvals.budget.field.endsOn')} required {...bind('endsOn')} slotProps={{ inputLabel: { shrink: true } }} />
          </>
        )}
        <FormControl className="wide" disabled={saving}>
          <FormLabel id={`${titleId}-kind`}>{t('approvals.budget.field.kind')}</FormLabel>
          <RadioGroup aria-labelledby={`${titleId}-kind`} value={values.hard ? 'hard' : 'soft'} onChange={(event) => change('hard', event.target.value === 'hard')}>
            <FormControlLabel value="hard" control={<Radio />} label={t('approvals.budget.kind.hard')} />
            <FormControlLabel value="soft" control={<Radio />} label={t('approvals.budget.kind.soft')} />
          </RadioGroup>
        </FormControl>
        <FormControl className="wide" disabled={saving}>
          <FormControlLabel
            control={<Switch checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />}
            label={t('approvals.budget.field.active')}
          />
          <FormHelperText>{t('approvals.budget.hint.active')}</FormHelperText>
        </FormControl>
      </DialogFields>
    </ManageForm>
  );
}
