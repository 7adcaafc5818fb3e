import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import type { CompanyChoice } from '../../../components/companyUnits/companyFilter';
import { DialogFields, DialogForm, FormDialog, FormErrorAlert, useFormFocus } from '../../../components/FormDialog';
import { AccountFieldInput } from '../../../components/formFields/AccountFieldInput';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { toast } from '../../../components/toast/toastStore';
import { useFieldErrorTexts } from '../../../lib/fieldErrors';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyRole } from '../api/companyRoles';
import type { CompanyUser } from '../api/companyUsers';
import { useUserCreate } from '../api/userCreate';
import { useUserFormFields, type UserFormField } from '../api/userFormFields';
import { useUserUpdate } from '../api/userUpdate';
import { usersMessages } from '../messages';
import { useRoleLabel } from '../roleLabel';
import { useUserErrorText } from '../userErrors';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  createInput,
  emptyValues,
  extraKey,
  firstProblemField,
  formFieldOfServerField,
  roleValue,
  updateInput,
  validateUser,
  valuesOf,
  type UserFormValues,
} from '../userForm';

/** What the dialog edits: a new user, or one of the list's. */
export type UserDialogTarget = { mode: 'create' } | { mode: 'edit'; user: CompanyUser };

/** Issue 40: the units a new user may join, for a caller whose lists span the units below the one they act for. */
export interface UserUnitChoices {
  /** The unit acted for: the picker's first choice and its default. */
  actingName: string;
  /** The unit acted for and the units below it, indented by level (the company filter's); undefined while they load. */
  choices: readonly CompanyChoice[] | undefined;
}

export interface UserDialogProps {
  /** The dialog is open while there is a target. */
  target: UserDialogTarget | null;
  /** The roles of the picker (`companyRoles`), each saying whether the caller may give it. */
  roles: readonly CompanyRole[];
  /** The signed-in user's id: nobody changes their own role. */
  ownUserId: number | null;
  /** The units a new user may join; null when the caller's lists span no units (no picker: the unit acted for). */
  units?: UserUnitChoices | null;
  onClose(): void;
}

/** Add a user to the company, or edit one (api.md "User management"). */
export function UserDialog({ target, roles, ownUserId, units = null, onClose }: UserDialogProps) {
  return (
    <FormDialog target={target} onClose={onClose}>
      {(shown, titleId) => <UserForm target={shown} roles={roles} ownUserId={ownUserId} units={units} titleId={titleId} onClose={onClose} />}
    </FormDialog>
  );
}

interface UserFormProps {
  target: UserDialogTarget;
  roles: readonly CompanyRole[];
  ownUserId: number | null;
  units: UserUnitChoices | null;
  titleId: string;
  onClose(): void;
}

function UserForm({ target, roles, ownUserId, units, titleId, onClose }: UserFormProps) {
  const t = useMessages(usersMessages);
  const roleLabel = useRoleLabel();
  const fieldTexts = useFieldErrorTexts();
  const refusalText = useUserErrorText();
  const form = useUserFormFields();
  const create = useUserCreate();
  const update = useUserUpdate();
  const editing = target.mode === 'edit' ? target.user : null;
  const customFields: readonly UserFormField[] = form.data?.customFields ?? [];
  const context = { mode: target.mode, customFields, phoneRequired: form.data?.phoneRequired ?? false };

  const [values, setValues] = useState<UserFormValues>(() => (editing ? valuesOf(editing) : emptyValues([])));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const saving = create.isPending || update.isPending;
  const { refFor, formErrorRef, focusNow, focusLater } = useFormFocus(saving);

  // A new user's checkboxes start as the store set them, once the form's fields are known.
  const defaultsApplied = useRef(false);
  useEffect(() => {
    if (editing || defaultsApplied.current || !form.data) return;
    defaultsApplied.current = true;
    const defaults = emptyValues(form.data.customFields).extra;
    setValues((current) => ({ ...current, extra: { ...defaults, ...current.extra } }));
  }, [editing, form.data]);

  const problems = submitted ? validateUser(values, context) : {};
  const errorFor = (name: string): string | undefined => {
    const problem = problems[name];
    return problem ? t(problem.key, problem.params) : serverErrors[name];
  };

  const change = (name: keyof Omit<UserFormValues, 'extra'>) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const changeExtra = (fieldName: string) => (value: string) => {
    setValues((current) => ({ ...current, extra: { ...current.extra, [fieldName]: value } }));
    setServerErrors(({ [extraKey(fieldName)]: _dropped, ...rest }) => rest);
  };

  const isOwnUser = editing !== null && editing.id === ownUserId;
  const name = editing ? `${editing.firstName} ${editing.lastName}`.trim() || editing.email : '';

  // The picker offers every role; the ones the caller may not give are shown, disabled. A user's present role is
  // always there, even when the store has removed it meanwhile.
  const choices = roles.map((role) => ({ value: roleValue(role), label: roleLabel(role), enabled: role.grantable }));
  if (editing && !choices.some((choice) => choice.value === roleValue(editing))) {
    choices.push({ value: roleValue(editing), label: roleLabel({ role: editing.role, name: editing.companyRoleName }), enabled: false });
  }

  // Issue 40: a new user joins the unit acted for ('') unless the admin picks one below it. The units below appear once
  // they have loaded; the one acted for is there from the start.
  const unitChoices = units
    ? [{ value: '', label: units.actingName }, ...(units.choices ?? []).filter((choice) => choice.depth > 0)]
    : null;
  const unitError = errorFor('companyId');

  const onError = (error: unknown) => {
    const fields: Record<string, string> = {};
    for (const [serverField, text] of Object.entries(fieldTexts(error))) {
      const field = formFieldOfServerField(serverField);
      if (field) fields[field] = text;
    }
    const first = firstProblemField(fields, customFields);
    if (first) {
      setServerErrors(fields);
      focusLater(first);
    } else {
      setFormError(refusalText(error));
      focusLater('form');
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !form.data) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const found = validateUser(values, context);
    const first = firstProblemField(found, customFields);
    if (first) {
      focusNow(first);
      return;
    }
    if (editing) {
      update.mutate(
        { userId: editing.id, userData: updateInput(values, editing, customFields) },
        {
          onSuccess: (saved) => {
            toast.success(t('users.toast.saved', { name: `${saved.firstName} ${saved.lastName}`.trim() }));
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(createInput(values, customFields), {
        onSuccess: (saved) => {
          toast.success(
            saved.invitationPending
              ? t('users.toast.invited', { email: saved.email })
              : t('users.toast.added', { name: `${saved.firstName} ${saved.lastName}`.trim() }),
          );
          onClose();
        },
        onError,
      });
    }
  };

  const title = editing ? t('users.dialog.editTitle', { name }) : t('users.dialog.addTitle');
  const emailError = errorFor('email');
  const roleError = errorFor('role');

  return (
    <DialogForm noValidate onSubmit={submit} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {!editing && <DialogContentText sx={{ mb: 2 }}>{t('users.dialog.addIntro')}</DialogContentText>}
        <FormErrorAlert message={formError} ref={formErrorRef} />
        {form.isPending && <CircularProgress aria-label={t('users.dialog.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {form.isError && (
          <LoadErrorAlert message={t('users.dialog.loadError')} retryLabel={t('users.retry')} onRetry={() => void form.refetch()} />
        )}
        {form.data && (
          <DialogFields>
            {editing ? (
              <TextField
                className="wide"
                label={t('users.field.email')}
                value={editing.email}
                variant="filled"
                helperText={t('users.dialog.emailFixed')}
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            ) : (
              <TextField
                className="wide"
                inputRef={refFor('email')}
                label={t('users.field.email')}
                name="email"
                type="email"
                autoComplete="off"
                required
                autoFocus
                value={values.email}
                onChange={change('email')}
                error={Boolean(emailError)}
                helperText={emailError}
                disabled={saving}
                slotProps={{ htmlInput: { maxLength: EMAIL_MAX_LENGTH } }}
              />
            )}
            {(['firstName', 'lastName'] as const).map((field) => {
              const error = errorFor(field);
              return (
                <TextField
                  key={field}
                  inputRef={refFor(field)}
                  label={t(field === 'firstName' ? 'users.field.firstName' : 'users.field.lastName')}
                  name={field}
                  autoComplete="off"
                  required
                  autoFocus={editing !== null && field === 'firstName'}
                  value={values[field]}
                  onChange={change(field)}
                  error={Boolean(error)}
                  helperText={error}
                  disabled={saving}
                  slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH } }}
                />
              );
            })}
            <TextField
              inputRef={refFor('phoneNumber')}
              label={t('users.field.phone')}
              name="phoneNumber"
              type="tel"
              autoComplete="off"
              required={context.phoneRequired}
              value={values.phoneNumber}
              onChange={change('phoneNumber')}
              error={Boolean(errorFor('phoneNumber'))}
              helperText={errorFor('phoneNumber') ?? t('users.hint.phone')}
              disabled={saving}
            />
            <TextField
              select
              inputRef={refFor('role')}
              label={t('users.field.role')}
              name="role"
              required
              value={values.role}
              onChange={change('role')}
              error={Boolean(roleError)}
              helperText={roleError ?? (isOwnUser ? t('users.hint.ownRole') : undefined)}
              disabled={saving || isOwnUser}
              // The chosen role as plain text: the menu's second line ("You can't give this role") is the menu's only.
              slotProps={{ select: { renderValue: (value) => choices.find((choice) => choice.value === value)?.label ?? '' } }}
            >
              {choices.map((choice) => (
                <MenuItem key={choice.value} value={choice.value} disabled={!choice.enabled}>
                  <ListItemText primary={choice.label} secondary={choice.enabled ? undefined : t('users.role.notGrantable')} />
                </MenuItem>
              ))}
            </TextField>
            {!editing && unitChoices && (
              <TextField
                select
                className="wide"
                inputRef={refFor('companyId')}
                label={t('users.field.unit')}
                name="companyId"
                value={values.companyId}
                onChange={change('companyId')}
                error={Boolean(unitError)}
                helperText={unitError ?? t('users.hint.unit')}
                disabled={saving}
                // The chosen unit without the list's indentation; '' (the unit acted for) is a choice, shown as one.
                slotProps={{
                  select: { displayEmpty: true, renderValue: (value) => unitChoices.find((choice) => choice.value === value)?.label.trim() ?? '' },
                  inputLabel: { shrink: true },
                }}
              >
                {unitChoices.map((choice) => (
                  <MenuItem key={choice.value} value={choice.value}>
                    {choice.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {customFields.map((field) => (
              <div key={field.fieldName} className={field.fieldType === 'multiline' || field.fieldType === 'checkbox' ? 'wide' : undefined}>
                <AccountFieldInput
                  field={field}
                  noChoiceText={t('users.dialog.noOption')}
                  value={values.extra[field.fieldName] ?? ''}
                  onChange={changeExtra(field.fieldName)}
                  error={errorFor(extraKey(field.fieldName))}
                  disabled={saving}
                  inputRef={refFor(extraKey(field.fieldName))}
                />
              </div>
            ))}
          </DialogFields>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('users.dialog.cancel')}
        </Button>
        <Button type="submit" variant="contained" loading={saving} disabled={saving || !form.data}>
          {editing ? t('users.dialog.save') : t('users.dialog.add')}
        </Button>
      </DialogActions>
    </DialogForm>
  );
}
