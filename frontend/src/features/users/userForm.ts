import { answerProblem, configNumber, isUnanswered, validationMessage } from '../../lib/accountFormFields';
import type { MessageKey, MessageParams } from '../../lib/i18n/keys';
import { isValidEmail, isValidPhone } from '../../lib/validation';
import type { CompanyRole } from './api/companyRoles';
import type { CompanyUser } from './api/companyUsers';
import type { UserFormField } from './api/userFormFields';
import type { UserCreateInput } from './api/userCreate';
import type { UserUpdateInput } from './api/userUpdate';
import type { usersMessages } from './messages';
import { parseRoleFilter, roleFilterValue } from './usersListParams';

// The add / edit dialog's values and rules (shell §5 e-mail and phone rules, the store's custom user fields as
// registration checks them), apart from its markup. The server checks everything again.

export type UserField = 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'role' | 'companyId';

export interface UserFormValues {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** The role as the picker's value: `2`, or `5:14` for a custom role. */
  role: string;
  /** The custom user fields' answers by field name (a checkbox: '1' checked, '' not). */
  extra: Readonly<Record<string, string>>;
  /** Issue 40: the unit a new user joins, as the picker's value: '' for the unit acted for, else a unit below it. */
  companyId: string;
}

export interface FieldProblem {
  key: MessageKey<typeof usersMessages>;
  params?: MessageParams;
}

/** Field → problem; a custom field is `extra.<fieldName>`. */
export type UserFormProblems = Record<string, FieldProblem>;

/** The server's limits (api.md: names 150, e-mail 254). */
export const NAME_MAX_LENGTH = 150;
export const EMAIL_MAX_LENGTH = 254;

export const FIELD_ORDER: readonly UserField[] = ['email', 'firstName', 'lastName', 'phoneNumber', 'role', 'companyId'];

export const extraKey = (fieldName: string) => `extra.${fieldName}`;

/** A role's picker value. */
export function roleValue(role: Pick<CompanyRole, 'role' | 'customRoleId'>): string {
  return roleFilterValue({ role: role.role, customRoleId: role.customRoleId ?? null });
}

export function emptyValues(fields: readonly UserFormField[]): UserFormValues {
  const extra: Record<string, string> = {};
  for (const field of fields) {
    if (field.fieldType === 'checkbox' && field.valueConfigs.checkedByDefault === true) extra[field.fieldName] = '1';
  }
  return { email: '', firstName: '', lastName: '', phoneNumber: '', role: '', extra, companyId: '' };
}

export function valuesOf(user: CompanyUser): UserFormValues {
  return {
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    role: roleValue(user),
    extra: Object.fromEntries(user.extraFields.map((answer) => [answer.fieldName, answer.fieldValue])),
    companyId: '',
  };
}

/** What is wrong with one answer to a custom field (its type, required flag and settings), or null. */
export function extraFieldProblem(field: UserFormField, raw: string): FieldProblem | null {
  const label = field.labelName;
  const value = raw.trim();
  if (isUnanswered(field, value)) {
    return field.isRequired ? { key: 'validation.required', params: { label } } : null;
  }
  const text = field.fieldType === 'text' || field.fieldType === 'multiline';
  const maxLength = text ? (configNumber(field, 'maxLength') ?? (field.fieldType === 'multiline' ? 2000 : 255)) : null;
  const problem = answerProblem(field, value, { numberPattern: /^\d{1,18}$/, maxLength });
  return problem && validationMessage(problem, label);
}

export interface UserFormContext {
  /** Adding (the e-mail is asked) or editing (it is shown read-only). */
  mode: 'create' | 'edit';
  customFields: readonly UserFormField[];
  phoneRequired: boolean;
}

export function validateUser(values: UserFormValues, context: UserFormContext): UserFormProblems {
  const problems: UserFormProblems = {};
  if (context.mode === 'create') {
    const email = values.email.trim();
    if (!email) problems.email = { key: 'users.error.emailRequired' };
    else if (email.length > EMAIL_MAX_LENGTH || !isValidEmail(email)) problems.email = { key: 'users.error.emailInvalid' };
  }
  for (const name of ['firstName', 'lastName'] as const) {
    const value = values[name].trim();
    if (!value) problems[name] = { key: name === 'firstName' ? 'users.error.firstNameRequired' : 'users.error.lastNameRequired' };
    else if (value.length > NAME_MAX_LENGTH) problems[name] = { key: 'users.error.tooLong', params: { n: NAME_MAX_LENGTH } };
  }
  const phone = values.phoneNumber.trim();
  if (!phone && context.phoneRequired) problems.phoneNumber = { key: 'users.error.phoneRequired' };
  else if (phone && !isValidPhone(phone)) problems.phoneNumber = { key: 'users.error.phoneInvalid' };
  if (!parseRoleFilter(values.role)) problems.role = { key: 'users.error.roleRequired' };
  for (const field of context.customFields) {
    const problem = extraFieldProblem(field, values.extra[field.fieldName] ?? '');
    if (problem) problems[extraKey(field.fieldName)] = problem;
  }
  return problems;
}

/** The first field with a problem, in the dialog's order. */
export function firstProblemField(problems: Readonly<Record<string, unknown>>, customFields: readonly UserFormField[]): string | null {
  const order = [...FIELD_ORDER, ...customFields.map((field) => extraKey(field.fieldName))];
  return order.find((name) => problems[name] !== undefined) ?? null;
}

function extraAnswers(values: UserFormValues, customFields: readonly UserFormField[]) {
  return customFields.map((field) => ({ fieldName: field.fieldName, fieldValue: (values.extra[field.fieldName] ?? '').trim() }));
}

export function createInput(values: UserFormValues, customFields: readonly UserFormField[]): UserCreateInput {
  const role = parseRoleFilter(values.role);
  return {
    email: values.email.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    role: role?.role ?? -1,
    customRoleId: role?.customRoleId ?? null,
    extraFields: extraAnswers(values, customFields),
    // Left out for the unit acted for (the server's default).
    ...(values.companyId ? { companyId: Number(values.companyId) } : {}),
  };
}

/** The changes of an edit: the role only when it changed (a role change is a separate, audited act). */
export function updateInput(values: UserFormValues, user: CompanyUser, customFields: readonly UserFormField[]): UserUpdateInput {
  const role = parseRoleFilter(values.role);
  const roleChanged = role !== null && values.role !== roleValue(user);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    ...(roleChanged ? { role: role.role, customRoleId: role.customRoleId } : {}),
    ...(customFields.length > 0 ? { extraFields: extraAnswers(values, customFields) } : {}),
  };
}

/** The server's field names (`extensions.fields`) → the dialog's; a custom field's answer is `extraFields.<name>`. */
export function formFieldOfServerField(name: string): string | null {
  if (name === 'customRoleId') return 'role';
  if ((FIELD_ORDER as readonly string[]).includes(name)) return name;
  const extra = /^extraFields\.(.+)$/.exec(name);
  return extra ? extraKey(extra[1]!) : null;
}
