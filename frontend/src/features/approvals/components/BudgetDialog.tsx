import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import type { CompanyChoice } from '../../../components/companyUnits/companyFilter';
import { toast } from '../../../components/toast/toastStore';
import { isIsoDate } from '../../../lib/dates';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCurrencies } from '../../../lib/store/currencies';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { BUDGET_PERIODS, isBudgetPeriod, useBudgetSave, type Budget, type BudgetInput, type BudgetPeriod } from '../api/budgets';
import { useApprovalErrorText, useApprovalFieldTexts } from '../approvalErrors';
import { PERIOD_LABEL } from '../approvalTexts';
import { formFieldOf, parseAmount } from '../formFields';
import { approvalsMessages } from '../messages';
import { UserPicker, type PickedUser } from './UserPicker';

/** What the dialog edits: a new budget, or one of the list's. */
export type BudgetDialogTarget = { mode: 'create' } | { mode: 'edit'; budget: Budget };

/** The units a budget may be for, when the manager's lists span the units below the one they act for (issue 40). */
export interface UnitChoices {
  /** The unit acted for: the picker's first choice and a new budget's. */
  actingId: number;
  choices: readonly CompanyChoice[];
}

export const NAME_MAX_LENGTH = 120;
export const COST_CENTRE_MAX_LENGTH = 60;

const DialogForm = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

const Fields = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  display: 'grid',
  gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(2),
  paddingTop: theme.spacing(1),
  '& > .wide': { gridColumn: '1 / -1' },
}));

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

type Problems = Partial<Record<(typeof FIELDS)[number], string>>;

export interface BudgetDialogProps {
  target: BudgetDialogTarget | null;
  /** The units to choose from; null: the budget is for the unit acted for (or stays where it is). */
  units: UnitChoices | null;
  onClose(): void;
}

/** Add a budget, or change one: what it covers (unit, cost centre, buyer), how much, for which period, hard or soft. */
export function BudgetDialog({ target, units, onClose }: BudgetDialogProps) {
  const titleId = useId();
  const mobile = useMobileLayout();
  const [shown, setShown] = useState<{ target: BudgetDialogTarget; opening: number } | null>(null);
  if (target !== null && shown?.target !== target) setShown({ target, opening: (shown?.opening ?? 0) + 1 });
  return (
    // business §2: a click outside does not close it (what was typed would be lost); Escape and Cancel do.
    <Dialog
      open={target !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
      fullScreen={mobile}
    >
      {shown && <BudgetForm key={shown.opening} target={shown.target} units={units} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function BudgetForm({ target, units, titleId, onClose }: { target: BudgetDialogTarget; units: UnitChoices | null; titleId: string; onClose(): void }) {
  const t = useMessages(approvalsMessages);
  const fieldTexts = useApprovalFieldTexts();
  const refusalText = useApprovalErrorText();
  const mobile = useMobileLayout();
  const currencies = useCurrencies();
  const store = useStoreBasicInfo().data;
  const save = useBudgetSave();
  const editing = target.mode === 'edit' ? target.budget : null;
  const [values, setValues] = useState<BudgetValues>(() => valuesOf(editing, store?.defaultCurrency ?? currencies?.find((currency) => currency.isDefault)?.currencyCode ?? ''));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLElement | null>>({});
  const formErrorRef = useRef<HTMLDivElement>(null);
  const [focusField, setFocusField] = useState<string | null>(null);

  useEffect(() => {
    if (focusField && !save.isPending) {
      if (focusField === 'form') formErrorRef.current?.focus();
      else inputs.current[focusField]?.focus();
      setFocusField(null);
    }
  }, [focusField, save.isPending]);

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

  const problems = submitted ? validate(values) : {};
  const errorFor = (name: (typeof FIELDS)[number]) => problems[name] ?? serverErrors[name];
  const refFor = (name: string) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };
  const change = <K extends keyof BudgetValues>(name: K, value: BudgetValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    const server = name === 'user' ? 'userId' : name;
    setServerErrors(({ [server as keyof Problems]: _dropped, ...rest }) => rest);
  };

  const input = (): BudgetInput => ({
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const found = validate(values);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      inputs.current[first]?.focus();
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, budgetData: input() },
      {
        onSuccess: (saved) => {
          toast.success(t(editing ? 'approvals.budget.toast.saved' : 'approvals.budget.toast.added', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          const fields: Problems = {};
          let unplaced = false;
          for (const [serverField, text] of Object.entries(fieldTexts(error))) {
            const field = formFieldOf(serverField, FIELDS) as (typeof FIELDS)[number] | null;
            if (field) fields[field] = text;
            else unplaced = true;
          }
          const first = FIELDS.find((field) => fields[field]);
          setServerErrors(fields);
          if (first && !unplaced) setFocusField(first);
          else {
            setFormError(refusalText(error));
            setFocusField('form');
          }
        },
      },
    );
  };

  const saving = save.isPending;
  const unitChoices = units?.choices ?? [];
  const currencyCodes = (currencies ?? []).filter((currency) => currency.enabled).map((currency) => currency.currencyCode);
  // A budget's own currency stays a choice even when the store has since switched it off.
  if (values.currencyCode && !currencyCodes.includes(values.currencyCode)) currencyCodes.push(values.currencyCode);

  return (
    <DialogForm noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{editing ? t('approvals.budget.editTitle', { name: editing.name }) : t('approvals.budget.addTitle')}</DialogTitle>
      <DialogContent>
        {formError && (
          <Alert severity="error" ref={formErrorRef} tabIndex={-1} sx={{ mb: 2 }}>
            {formError}
          </Alert>
        )}
        <Fields mobile={mobile}>
          <TextField
            className="wide"
            inputRef={refFor('name')}
            label={t('approvals.budget.field.name')}
            required
            autoFocus
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
            error={Boolean(errorFor('name'))}
            helperText={errorFor('name')}
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
          />
          {units && unitChoices.length > 1 && (
            <TextField
              select
              className="wide"
              inputRef={refFor('companyId')}
              label={t('approvals.budget.field.unit')}
              value={values.companyId || String(units.actingId)}
              onChange={(event) => change('companyId', event.target.value)}
              error={Boolean(errorFor('companyId'))}
              helperText={errorFor('companyId') ?? t('approvals.budget.hint.unit')}
              disabled={saving}
              slotProps={{ select: { renderValue: (value) => unitChoices.find((choice) => choice.value === value)?.label.trim() ?? '' } }}
            >
              {unitChoices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value}>
                  {choice.label}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField
            inputRef={refFor('costCentre')}
            label={t('approvals.budget.field.costCentre')}
            value={values.costCentre}
            onChange={(event) => change('costCentre', event.target.value)}
            error={Boolean(errorFor('costCentre'))}
            helperText={errorFor('costCentre') ?? t('approvals.budget.hint.costCentre')}
            disabled={saving}
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
            inputRef={refFor('amount')}
            label={t('approvals.budget.field.amount')}
            required
            value={values.amount}
            onChange={(event) => change('amount', event.target.value)}
            error={Boolean(errorFor('amount'))}
            helperText={errorFor('amount') ?? t('approvals.budget.hint.amount')}
            disabled={saving}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
          />
          <TextField
            select
            inputRef={refFor('currencyCode')}
            label={t('approvals.budget.field.currency')}
            required
            value={values.currencyCode}
            onChange={(event) => change('currencyCode', event.target.value)}
            error={Boolean(errorFor('currencyCode'))}
            helperText={errorFor('currencyCode')}
            disabled={saving}
          >
            {currencyCodes.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            className="wide"
            inputRef={refFor('period')}
            label={t('approvals.budget.field.period')}
            required
            value={values.period}
            onChange={(event) => change('period', isBudgetPeriod(event.target.value) ? event.target.value : 'year')}
            error={Boolean(errorFor('period'))}
            helperText={errorFor('period') ?? t('approvals.budget.hint.period')}
            disabled={saving}
          >
            {BUDGET_PERIODS.map((period) => (
              <MenuItem key={period} value={period}>
                {t(PERIOD_LABEL[period])}
              </MenuItem>
            ))}
          </TextField>
          {values.period === 'grant' && (
            <>
              <TextField
                type="date"
                inputRef={refFor('startsOn')}
                label={t('approvals.budget.field.startsOn')}
                required
                value={values.startsOn}
                onChange={(event) => change('startsOn', event.target.value)}
                error={Boolean(errorFor('startsOn'))}
                helperText={errorFor('startsOn')}
                disabled={saving}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                inputRef={refFor('endsOn')}
                label={t('approvals.budget.field.endsOn')}
                required
                value={values.endsOn}
                onChange={(event) => change('endsOn', event.target.value)}
                error={Boolean(errorFor('endsOn'))}
                helperText={errorFor('endsOn')}
                disabled={saving}
                slotProps={{ inputLabel: { shrink: true } }}
              />
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
        </Fields>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('approvals.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={saving}>
          {editing ? t('approvals.dialog.save') : t('approvals.budget.add')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
