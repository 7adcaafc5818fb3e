import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCurrencies } from '../../../lib/store/currencies';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useApprovalRuleSave, useApprovalRules, type ApprovalRule, type ApprovalRuleInput } from '../api/approvalRules';
import { useApprovalErrorText, useApprovalFieldTexts } from '../approvalErrors';
import { COMPANY_ROLES } from '../approvalTexts';
import { formFieldOf, parseAmount, parseWholeNumber } from '../formFields';
import { approvalsMessages } from '../messages';
import { roleText } from '../ruleTexts';
import type { UnitChoices } from './BudgetDialog';
import { TiersEditor, newTier, tierDraftOf, tierInput, type TierDraft } from './TiersEditor';

export type RuleDialogTarget = { mode: 'create' } | { mode: 'edit'; rule: ApprovalRule };

export const RULE_NAME_MAX_LENGTH = 120;
const COST_CENTRE_MAX_LENGTH = 60;
/** The rules offered as ones to replace: the first page of the list, wide enough for any tree's rules above a unit. */
const REPLACEABLE_RULES = 50;

const DialogForm = styled('form')({ display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 });

const Fields = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  display: 'grid',
  gridTemplateColumns: mobile ? '1fr' : 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(2),
  paddingTop: theme.spacing(1),
  '& > .wide': { gridColumn: '1 / -1' },
}));

interface RuleValues {
  name: string;
  companyId: string;
  isActive: boolean;
  replacesId: string;
  minTotal: string;
  currencyCode: string;
  costCentre: string;
  offPriceList: boolean;
  minLines: string;
  buyerRoles: number[];
  overBudget: boolean;
  allowOverride: boolean;
  tiers: TierDraft[];
}

const FIELDS = ['name', 'companyId', 'replacesId', 'conditions', 'minTotal', 'currencyCode', 'costCentre', 'minLines', 'buyerRoles', 'categoryId', 'tiers'] as const;
type Field = (typeof FIELDS)[number];
type Problems = Partial<Record<string, string>>;

function valuesOf(rule: ApprovalRule | null, currencyCode: string): RuleValues {
  if (!rule) {
    return {
      name: '', companyId: '', isActive: true, replacesId: '', minTotal: '', currencyCode, costCentre: '', offPriceList: false, minLines: '',
      buyerRoles: [], overBudget: false, allowOverride: false, tiers: [newTier()],
    };
  }
  return {
    name: rule.name,
    companyId: String(rule.companyId),
    isActive: rule.isActive,
    replacesId: rule.replacesId !== null && rule.replacesId !== undefined ? String(rule.replacesId) : '',
    minTotal: rule.minTotal ?? '',
    currencyCode: rule.currencyCode || currencyCode,
    costCentre: rule.costCentre,
    offPriceList: rule.offPriceList,
    minLines: rule.minLines !== null && rule.minLines !== undefined ? String(rule.minLines) : '',
    buyerRoles: [...rule.buyerRoles],
    overBudget: rule.overBudget,
    allowOverride: rule.allowOverride,
    tiers: rule.tiers.length > 0 ? rule.tiers.map(tierDraftOf) : [newTier()],
  };
}

export interface RuleDialogProps {
  target: RuleDialogTarget | null;
  units: UnitChoices | null;
  onClose(): void;
}

/**
 * Add an approval rule, or change one: its name and unit, the conditions an order must all meet to be held (at
 * least one), whether it replaces a rule of a unit above, whether an admin may override it, and its tiers.
 */
export function RuleDialog({ target, units, onClose }: RuleDialogProps) {
  const titleId = useId();
  const mobile = useMobileLayout();
  const [shown, setShown] = useState<{ target: RuleDialogTarget; opening: number } | null>(null);
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
      maxWidth="md"
      fullScreen={mobile}
    >
      {shown && <RuleForm key={shown.opening} target={shown.target} units={units} titleId={titleId} onClose={onClose} />}
    </Dialog>
  );
}

function RuleForm({ target, units, titleId, onClose }: { target: RuleDialogTarget; units: UnitChoices | null; titleId: string; onClose(): void }) {
  const t = useMessages(approvalsMessages);
  const fieldTexts = useApprovalFieldTexts();
  const refusalText = useApprovalErrorText();
  const mobile = useMobileLayout();
  const currencies = useCurrencies();
  const store = useStoreBasicInfo().data;
  const save = useApprovalRuleSave();
  const editing = target.mode === 'edit' ? target.rule : null;
  const [values, setValues] = useState<RuleValues>(() => valuesOf(editing, store?.defaultCurrency ?? currencies?.find((currency) => currency.isDefault)?.currencyCode ?? ''));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLElement | null>>({});
  const formErrorRef = useRef<HTMLDivElement>(null);
  const [focusField, setFocusField] = useState<string | null>(null);
  const rules = useApprovalRules({ first: REPLACEABLE_RULES, offset: 0, companyId: null });
  const conditionsId = useId();
  const rolesId = useId();

  useEffect(() => {
    if (focusField && !save.isPending) {
      if (focusField === 'form') formErrorRef.current?.focus();
      else inputs.current[focusField]?.focus();
      setFocusField(null);
    }
  }, [focusField, save.isPending]);

  const validate = (value: RuleValues): Problems => {
    const found: Problems = {};
    if (!value.name.trim()) found.name = t('approvals.rule.error.nameRequired');
    if (value.minTotal.trim()) {
      if (parseAmount(value.minTotal) === null) found.minTotal = t('approvals.rule.error.amountInvalid');
      else if (!value.currencyCode) found.currencyCode = t('approvals.rule.error.currencyRequired');
    }
    if (value.minLines.trim() && parseWholeNumber(value.minLines, 1) === null) found.minLines = t('approvals.rule.error.minLinesInvalid');
    // The server holds orders by a rule's conditions: a rule without any would hold every order, which it refuses.
    const anyCondition =
      value.minTotal.trim() !== '' || value.costCentre.trim() !== '' || value.minLines.trim() !== '' || value.offPriceList || value.overBudget ||
      value.buyerRoles.length > 0 || (editing?.categoryId !== null && editing?.categoryId !== undefined);
    if (!anyCondition) found.conditions = t('approvals.rule.error.conditionsRequired');
    if (value.tiers.length === 0) found['tiers.list'] = t('approvals.rule.error.tiersRequired');
    value.tiers.forEach((tier, index) => {
      if (tier.kind === 'users' && tier.users.length === 0) found[`tiers.${index}`] = t('approvals.rule.error.usersRequired');
    });
    return found;
  };

  const order = (problems: Problems) => [...FIELDS.filter((field) => field !== 'tiers'), ...values.tiers.map((_, index) => `tiers.${index}`)].find((field) => problems[field]);
  const problems = submitted ? validate(values) : {};
  const errorFor = (name: string) => problems[name] ?? serverErrors[name];
  const refFor = (name: string) => (element: HTMLElement | null) => {
    inputs.current[name] = element;
  };
  const change = <K extends keyof RuleValues>(name: K, value: RuleValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const changeTiers = (tiers: TierDraft[]) => {
    setValues((current) => ({ ...current, tiers }));
    // The tiers' server errors were for their old places.
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('tiers'))));
  };

  const input = (): ApprovalRuleInput => {
    const minTotal = parseAmount(values.minTotal);
    return {
      companyId: values.companyId ? Number(values.companyId) : null,
      name: values.name.trim(),
      isActive: values.isActive,
      replacesId: values.replacesId ? Number(values.replacesId) : null,
      minTotal,
      currencyCode: minTotal !== null ? values.currencyCode : '',
      costCentre: values.costCentre.trim(),
      // The category of a rule is kept as it is: the overlay has no category picker.
      categoryId: editing?.categoryId ?? null,
      offPriceList: values.offPriceList,
      minLines: parseWholeNumber(values.minLines, 1),
      buyerRoles: values.buyerRoles,
      overBudget: values.overBudget,
      allowOverride: values.allowOverride,
      tiers: values.tiers.map(tierInput),
    };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const found = validate(values);
    const first = order(found);
    if (first || found['tiers.list']) {
      if (first) inputs.current[first]?.focus();
      return;
    }
    save.mutate(
      { id: editing?.id ?? null, ruleData: input() },
      {
        onSuccess: (saved) => {
          toast.success(t(editing ? 'approvals.rule.toast.saved' : 'approvals.rule.toast.added', { name: saved.name }));
          onClose();
        },
        onError: (error) => {
          const fields: Problems = {};
          let unplaced = false;
          for (const [serverField, text] of Object.entries(fieldTexts(error))) {
            const field = formFieldOf(serverField, FIELDS);
            if (field === 'tiers') fields['tiers.list'] = text;
            else if (field) fields[field] = text;
            else unplaced = true;
          }
          setServerErrors(fields);
          const first = order(fields);
          if (first && !unplaced) setFocusField(first);
          else if (!fields['tiers.list'] || unplaced) {
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
  if (values.currencyCode && !currencyCodes.includes(values.currencyCode)) currencyCodes.push(values.currencyCode);
  const chosenUnit = values.companyId ? Number(values.companyId) : (units?.actingId ?? null);
  // A rule may replace one of another unit (the server checks that it is one above the rule's own).
  const replaceable = (rules.data?.rules ?? []).filter((rule) => rule.id !== editing?.id && rule.companyId !== chosenUnit);
  if (editing?.replacesId && !replaceable.some((rule) => rule.id === editing.replacesId)) {
    replaceable.push({ ...editing, id: editing.replacesId, name: editing.replacesName, companyName: '' });
  }
  const fieldError = (name: Field) => errorFor(name);

  return (
    <DialogForm noValidate onSubmit={submit}>
      <DialogTitle id={titleId}>{editing ? t('approvals.rule.editTitle', { name: editing.name }) : t('approvals.rule.addTitle')}</DialogTitle>
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
            label={t('approvals.rule.field.name')}
            required
            autoFocus
            value={values.name}
            onChange={(event) => change('name', event.target.value)}
            error={Boolean(fieldError('name'))}
            helperText={fieldError('name')}
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: RULE_NAME_MAX_LENGTH } }}
          />
          {units && unitChoices.length > 1 && (
            <TextField
              select
              inputRef={refFor('companyId')}
              label={t('approvals.rule.field.unit')}
              value={values.companyId || String(units.actingId)}
              onChange={(event) => change('companyId', event.target.value)}
              error={Boolean(fieldError('companyId'))}
              helperText={fieldError('companyId') ?? t('approvals.rule.hint.unit')}
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
            select
            inputRef={refFor('replacesId')}
            label={t('approvals.rule.field.replaces')}
            value={values.replacesId}
            onChange={(event) => change('replacesId', event.target.value)}
            error={Boolean(fieldError('replacesId'))}
            helperText={fieldError('replacesId') ?? t('approvals.rule.hint.replaces')}
            disabled={saving}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('approvals.rule.replacesNone')}</MenuItem>
            {replaceable.map((rule) => (
              <MenuItem key={rule.id} value={String(rule.id)}>
                {rule.companyName ? t('approvals.rule.replacesChoice', { name: rule.name, company: rule.companyName }) : rule.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControl className="wide" disabled={saving}>
            <FormControlLabel control={<Switch checked={values.isActive} onChange={(event) => change('isActive', event.target.checked)} />} label={t('approvals.rule.field.active')} />
          </FormControl>
        </Fields>
        <Divider sx={{ my: 2 }} />
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }} id={conditionsId}>
          {t('approvals.rule.conditions')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('approvals.rule.conditionsHint')}
        </Typography>
        {fieldError('conditions') && (
          <FormHelperText error role="alert" data-testid="rule-conditions-error">
            {fieldError('conditions')}
          </FormHelperText>
        )}
        <Fields mobile={mobile} role="group" aria-labelledby={conditionsId}>
          <TextField
            inputRef={(element: HTMLElement | null) => {
              refFor('minTotal')(element);
              // A missing condition is told above the conditions; the first of them takes the focus.
              refFor('conditions')(element);
            }}
            label={t('approvals.rule.field.minTotal')}
            value={values.minTotal}
            onChange={(event) => change('minTotal', event.target.value)}
            error={Boolean(fieldError('minTotal'))}
            helperText={fieldError('minTotal') ?? t('approvals.rule.hint.minTotal')}
            disabled={saving}
            slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
          />
          <TextField
            select
            inputRef={refFor('currencyCode')}
            label={t('approvals.rule.field.currency')}
            value={values.currencyCode}
            onChange={(event) => change('currencyCode', event.target.value)}
            error={Boolean(fieldError('currencyCode'))}
            helperText={fieldError('currencyCode')}
            disabled={saving}
          >
            {currencyCodes.map((code) => (
              <MenuItem key={code} value={code}>
                {code}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            inputRef={refFor('costCentre')}
            label={t('approvals.rule.field.costCentre')}
            value={values.costCentre}
            onChange={(event) => change('costCentre', event.target.value)}
            error={Boolean(fieldError('costCentre'))}
            helperText={fieldError('costCentre') ?? t('approvals.rule.hint.costCentre')}
            disabled={saving}
            slotProps={{ htmlInput: { maxLength: COST_CENTRE_MAX_LENGTH } }}
          />
          <TextField
            inputRef={refFor('minLines')}
            label={t('approvals.rule.field.minLines')}
            value={values.minLines}
            onChange={(event) => change('minLines', event.target.value)}
            error={Boolean(fieldError('minLines'))}
            helperText={fieldError('minLines') ?? t('approvals.rule.hint.minLines')}
            disabled={saving}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          />
          {editing?.categoryId !== null && editing?.categoryId !== undefined && (
            <Typography className="wide" variant="body2" data-testid="rule-category">
              {t('approvals.rule.category', { category: editing.categoryName || String(editing.categoryId) })}
              {fieldError('categoryId') && <FormHelperText error>{fieldError('categoryId')}</FormHelperText>}
            </Typography>
          )}
          <FormControl className="wide" component="fieldset" disabled={saving} error={Boolean(fieldError('buyerRoles'))}>
            <FormLabel component="legend" id={rolesId}>
              {t('approvals.rule.field.buyerRoles')}
            </FormLabel>
            <FormGroup row aria-labelledby={rolesId}>
              {COMPANY_ROLES.map((role) => (
                <FormControlLabel
                  key={role}
                  control={
                    <Checkbox
                      checked={values.buyerRoles.includes(role)}
                      onChange={(event) =>
                        change('buyerRoles', event.target.checked ? [...values.buyerRoles, role].sort() : values.buyerRoles.filter((held) => held !== role))
                      }
                    />
                  }
                  label={roleText(t, role)}
                />
              ))}
            </FormGroup>
            <FormHelperText>{fieldError('buyerRoles') ?? t('approvals.rule.hint.buyerRoles')}</FormHelperText>
          </FormControl>
          <FormControl className="wide" disabled={saving}>
            <FormControlLabel
              control={<Checkbox checked={values.offPriceList} onChange={(event) => change('offPriceList', event.target.checked)} />}
              label={t('approvals.rule.field.offPriceList')}
            />
            <FormControlLabel
              control={<Checkbox checked={values.overBudget} onChange={(event) => change('overBudget', event.target.checked)} />}
              label={t('approvals.rule.field.overBudget')}
            />
          </FormControl>
        </Fields>
        <Divider sx={{ my: 2 }} />
        <TiersEditor
          tiers={values.tiers}
          onChange={changeTiers}
          errors={{ ...serverErrors, ...problems, list: problems['tiers.list'] ?? serverErrors['tiers.list'] }}
          disabled={saving}
          refFor={refFor}
        />
        <Divider sx={{ my: 2 }} />
        <FormControl disabled={saving}>
          <FormControlLabel
            control={<Checkbox checked={values.allowOverride} onChange={(event) => change('allowOverride', event.target.checked)} />}
            label={t('approvals.rule.field.allowOverride')}
          />
          <FormHelperText>{t('approvals.rule.hint.allowOverride')}</FormHelperText>
        </FormControl>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('approvals.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={saving}>
          {editing ? t('approvals.dialog.save') : t('approvals.rule.add')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
