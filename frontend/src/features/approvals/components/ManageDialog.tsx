import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode, type Ref } from 'react';

import type { CompanyChoice } from '../../../components/companyUnits/companyFilter';
import { DialogForm, FormErrorAlert, useFormFocus } from '../../../components/FormDialog';
import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useCurrencies } from '../../../lib/store/currencies';
import { useStoreBasicInfo } from '../../../lib/store/storeBasicInfo';
import { useApprovalErrorText, useApprovalFieldTexts } from '../approvalErrors';
import { approvalsMessages } from '../messages';

// What the rule and budget dialogs share: the form's state (values, problems found before saving, the server's
// refusals placed under their fields or said above the form, and the focus that follows them), the form's frame
// (title, refusal, Cancel and the submit button), and the fields both have: the unit and the currency.

/** The units a rule or budget may be for, when the manager's lists span the units below the one they act for (issue 40). */
export interface UnitChoices {
  /** The unit acted for: the picker's first choice and a new rule's or budget's. */
  actingId: number;
  choices: readonly CompanyChoice[];
}

export const COST_CENTRE_MAX_LENGTH = 60;

/** The problems of a form by field: found before saving, or the server's refusal. */
export type Problems = Partial<Record<string, string>>;

/** The values a text field edits: those that are strings. */
type TextKey<Values> = { [K in keyof Values]: Values[K] extends string ? K : never }[keyof Values] & string;

/** What binds a field to a value of the form (useManageForm's `bind`): spread into a TextField. */
export interface FieldBinding {
  inputRef(element: HTMLElement | null): void;
  value: string;
  onChange(event: { target: { value: string } }): void;
  error: boolean;
  helperText: string | undefined;
  disabled: boolean;
}

/** The save mutation of a rule or a budget (useApprovalRuleSave, useBudgetSave). */
interface ManageSave<Variables> {
  isPending: boolean;
  mutate(variables: Variables, callbacks: { onSuccess(saved: { name: string }): void; onError(error: unknown): void }): void;
}

export interface ManageFormOptions<Values, Variables> {
  /** The values the form starts with, given the store's default currency (a new rule's or budget's). */
  initial(defaultCurrency: string): Values;
  validate(values: Values): Problems;
  /** The first of the problems to focus, in the form's order; undefined: none of them has a field to focus. */
  firstOf(problems: Problems, values: Values): string | undefined;
  /** The form's field for a field the server names in its errors (formFieldOf); null: the refusal is said above the form. */
  placeOf(serverField: string): string | null;
  /** A problem the form shows without a field to focus (the tiers' list): a refusal of it alone is not said above too. */
  shownAlone?: string;
  /** The server's field of a value named otherwise in the form (the budget's `user` is `userId`). */
  serverFieldOf?(name: string): string;
  save: ManageSave<Variables>;
  /** The save's variables: the values as the server takes them. */
  variables(values: Values): Variables;
  /** The toast once saved. */
  savedText(name: string): string;
  onClose(): void;
}

/**
 * A rule's or budget's form: the values typed, their problems (shown once the form was submitted), the server's
 * refusals of fields (shown under them until the field changes, the first one focused) or of the whole (said above
 * the form, which takes the focus). Saved, the dialog closes with a toast.
 */
export function useManageForm<Values, Variables>(options: ManageFormOptions<Values, Variables>) {
  const { validate, firstOf, placeOf, shownAlone, serverFieldOf, save } = options;
  const fieldTexts = useApprovalFieldTexts();
  const refusalText = useApprovalErrorText();
  const currencies = useCurrencies();
  const store = useStoreBasicInfo().data;
  const [values, setValues] = useState<Values>(() =>
    options.initial(store?.defaultCurrency ?? currencies?.find((currency) => currency.isDefault)?.currencyCode ?? ''),
  );
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problems>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = save.isPending;
  const { refFor, formErrorRef, focusNow, focusLater } = useFormFocus(saving);

  const problems = submitted ? validate(values) : {};
  const errorFor = (name: string) => problems[name] ?? serverErrors[name];
  const change = <K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    const server = serverFieldOf?.(name) ?? name;
    setServerErrors(({ [server]: _dropped, ...rest }) => rest);
  };

  /** A text or select field of the value `name`: its input registered for the focus, its problem under it, else `hint`. */
  const bind = <K extends TextKey<Values>>(name: K, hint?: string): FieldBinding => ({
    inputRef: refFor(name),
    value: values[name] as string,
    onChange: (event) => change(name, event.target.value as Values[K]),
    error: Boolean(errorFor(name)),
    helperText: errorFor(name) ?? hint,
    disabled: saving,
  });

  const onError = (error: unknown) => {
    const fields: Problems = {};
    let unplaced = false;
    for (const [serverField, text] of Object.entries(fieldTexts(error))) {
      const field = placeOf(serverField);
      if (field) fields[field] = text;
      else unplaced = true;
    }
    setServerErrors(fields);
    const first = firstOf(fields, values);
    if (first && !unplaced) focusLater(first);
    else if (unplaced || !(shownAlone && fields[shownAlone])) {
      setFormError(refusalText(error));
      focusLater('form');
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const found = validate(values);
    if (Object.values(found).some(Boolean)) {
      const first = firstOf(found, values);
      if (first) focusNow(first);
      return;
    }
    save.mutate(options.variables(values), {
      onSuccess: (saved) => {
        toast.success(options.savedText(saved.name));
        options.onClose();
      },
      onError,
    });
  };

  return { values, setValues, change, bind, problems, serverErrors, setServerErrors, errorFor, refFor, saving, formError, formErrorRef, submit };
}

export interface ManageFormProps {
  titleId: string;
  title: string;
  submitLabel: string;
  form: { submit(event: FormEvent): void; saving: boolean; formError: string | null; formErrorRef: Ref<HTMLDivElement> };
  onClose(): void;
  children: ReactNode;
}

/** A rule's or budget's form in its dialog: the title, a refusal said above the fields, Cancel and the submit button. */
export function ManageForm({ titleId, title, submitLabel, form, onClose, children }: ManageFormProps) {
  const t = useMessages(approvalsMessages);
  return (
    <DialogForm noValidate onSubmit={form.submit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <FormErrorAlert message={form.formError} ref={form.formErrorRef} />
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={form.saving}>
          {t('approvals.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={form.saving} disabled={form.saving}>
          {submitLabel}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}

/** The unit a rule or budget is for, when there is more than one to choose (issue 40); nothing otherwise. */
export function UnitField({ units, label, className, ...field }: FieldBinding & { units: UnitChoices | null; label: string; className?: string }) {
  const choices = units?.choices ?? [];
  if (!units || choices.length <= 1) return null;
  return (
    <TextField
      select
      className={className}
      label={label}
      {...field}
      value={field.value || String(units.actingId)}
      slotProps={{ select: { renderValue: (chosen) => choices.find((choice) => choice.value === chosen)?.label.trim() ?? '' } }}
    >
      {choices.map((choice) => (
        <MenuItem key={choice.value} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A currency among the store's enabled ones; a rule's or budget's own stays a choice when the store has since switched it off. */
export function CurrencyField({ label, required, ...field }: FieldBinding & { label: string; required?: boolean }) {
  const currencies = useCurrencies();
  const codes = (currencies ?? []).filter((currency) => currency.enabled).map((currency) => currency.currencyCode);
  if (field.value && !codes.includes(field.value)) codes.push(field.value);
  return (
    <TextField select label={label} required={required} {...field}>
      {codes.map((code) => (
        <MenuItem key={code} value={code}>
          {code}
        </MenuItem>
      ))}
    </TextField>
  );
}
