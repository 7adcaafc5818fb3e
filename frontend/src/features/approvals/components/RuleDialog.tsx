import Checkbox from '@mui/material/Checkbox';
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
import { useId } from 'react';

import { DialogFields, FormDialog } from '../../../components/FormDialog';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useApprovalRuleSave, useApprovalRules, type ApprovalRule, type ApprovalRuleInput } from '../api/approvalRules';
import { COMPANY_ROLES } from '../approvalTexts';
import { formFieldOf, parseAmount, parseWholeNumber } from '../formFields';
import { approvalsMessages } from '../messages';
import { roleText } from '../ruleTexts';
import { COST_CENTRE_MAX_LENGTH, CurrencyField, ManageForm, UnitField, useManageForm, type Problems, type UnitChoices } from './ManageDialog';
import { TiersEditor, newTier, tierDraftOf, tierInput, type TierDraft } from './TiersEditor';

export type RuleDialogTarget = { mode: 'create' } | { mode: 'edit'; rule: ApprovalRule };

export const RULE_NAME_MAX_LENGTH = 120;
/** The rules offered as ones to replace: the first page of the list, wide enough for any tree's rules above a unit. */
const REPLACEABLE_RULES = 50;

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
  return (
    <FormDialog target={target} maxWidth="md" onClose={onClose}>
      {(shown, titleId) => <RuleForm target={shown} units={units} titleId={titleId} onClose={onClose} />}
    </FormDialog>
  );
}

function RuleForm({ target, units, titleId, onClose }: { target: RuleDialogTarget; units: UnitChoices | null; titleId: string; onClose(): void }) {
  const t = useMessages(approvalsMessages);
  const editing = target.mode === 'edit' ? target.rule : null;
  const rules = useApprovalRules({ first: REPLACEABLE_RULES, offset: 0, companyId: null });
  const conditionsId = useId();
  const rolesId = useId();

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

  const input = (values: RuleValues): ApprovalRuleInput => {
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

  const form = useManageForm({
    initial: (currencyCode) => valuesOf(editing, currencyCode),
    validate,
    // The fields in the form's order, then the tiers' (a missing tier list is told above them, with nothing to focus).
    firstOf: (problems, values) =>
      [...FIELDS.filter((field) => field !== 'tiers'), ...values.tiers.map((_, index) => `tiers.${index}`)].find((field) => problems[field]),
    placeOf: (serverField) => {
      const field = formFieldOf(serverField, FIELDS);
      return field === 'tiers' ? 'tiers.list' : field;
    },
    shownAlone: 'tiers.list',
    save: useApprovalRuleSave(),
    variables: (values) => ({ id: editing?.id ?? null, ruleData: input(values) }),
    savedText: (name) => t(editing ? 'approvals.rule.toast.saved' : 'approvals.rule.toast.added', { name }),
    onClose,
  });
  const { values, change, bind, problems, serverErrors, setServerErrors, errorFor, refFor, saving } = form;
  const changeTiers = (tiers: TierDraft[]) => {
    form.setValues((current) => ({ ...current, tiers }));
    // The tiers' server errors were for their old places.
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('tiers'))));
  };

  const chosenUnit = values.companyId ? Number(values.companyId) : (units?.actingId ?? null);
  // A rule may replace one of another unit (the server checks that it is one above the rule's own).
  const replaceable = (rules.data?.rules ?? []).filter((rule) => rule.id !== editing?.id && rule.companyId !== chosenUnit);
  if (editing?.replacesId && !replaceable.some((rule) => rule.id === editing.replacesId)) {
    replaceable.push({ ...editing, id: editing.replacesId, name: editing.replacesName, companyName: '' });
  }
  const fieldError = (name: Field) => errorFor(name);

  return (
    <ManageForm
      titleId={titleId}
      title={editing ? t('approvals.rule.editTitle', { name: editing.name }) : t('approvals.rule.addTitle')}
      submitLabel={editing ? t('approvals.dialog.save') : t('approvals.rule.add')}
      form={form}
      onClose={onClose}
    >
      <DialogFields>
        <TextField
          className="wide"
          label={t('approvals.rule.field.name')}
          required
          autoFocus
          {...bind('name')}
          slotProps={{ htmlInput: { maxLength: RULE_NAME_MAX_LENGTH } }}
        />
        <UnitField units={units} label={t('approvals.rule.field.unit')} {...bind('companyId', t('approvals.rule.hint.unit'))} />
        <TextField
          select
          label={t('approvals.rule.field.replaces')}
          {...bind('replacesId', t('approvals.rule.hint.replaces'))}
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
      </DialogFields>
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
      <DialogFields role="group" aria-labelledby={conditionsId}>
        <TextField
          label={t('approvals.rule.field.minTotal')}
          {...bind('minTotal', t('approvals.rule.hint.minTotal'))}
          inputRef={(element: HTMLElement | null) => {
            refFor('minTotal')(element);
            // A missing condition is told above the conditions; the first of them takes the focus.
            refFor('conditions')(element);
          }}
          slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 16 } }}
        />
        <CurrencyField label={t('approvals.rule.field.currency')} {...bind('currencyCode')} />
        <TextField
          label={t('approvals.rule.field.costCentre')}
          {...bind('costCentre', t('approvals.rule.hint.costCentre'))}
          slotProps={{ htmlInput: { maxLength: COST_CENTRE_MAX_LENGTH } }}
        />
        <TextField
          label={t('approvals.rule.field.minLines')}
          {...bind('minLines', t('approvals.rule.hint.minLines'))}
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
      </DialogFields>
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
    </ManageForm>
  );
}
