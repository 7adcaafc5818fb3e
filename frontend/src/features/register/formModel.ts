import { answerProblem, configNumber, FORM_GROUP, FORM_TYPE, isUnanswered, validationMessage } from '../../lib/accountFormFields';
import type { MessageKey, MessageParams } from '../../lib/i18n/keys';
import { isValidEmail, isValidPhone, meetsPasswordRule } from '../../lib/validation';
import type { DroppedFile } from '../../components/dropzone/FileDropZone';
import type { AccountFormField } from './api/accountFormFields';
import type { CompanyCreateInput, ExtraFieldInput } from './api/companyCreate';
import { statesOf, type Country } from '../../lib/countries';
import type { CustomerCreateInput } from './api/customerCreate';
import type { registerMessages } from './messages';

// The registration form of shell §3 as data: which fields each step shows (accountFormFields groups), the shell
// §5 checks of each field, and the companyCreate / customerCreate inputs built from the answers.

export { FORM_TYPE } from '../../lib/accountFormFields';
export type AccountType = keyof typeof FORM_TYPE;

/** accountFormFields group ids. */
export const GROUP = FORM_GROUP;

export type StepId = 'contact' | 'company' | 'address' | 'password';

const STEP_GROUPS: Record<StepId, readonly number[]> = {
  contact: [GROUP.contact, GROUP.additional],
  company: [GROUP.company],
  address: [GROUP.address],
  password: [GROUP.password],
};

/** The client-side "confirm password" field of the password step. */
export const CONFIRM_PASSWORD = 'confirmPassword';
/** The attachments field of the company step (a `files` field). */
export const FILES_TYPE = 'files';

export type FormValues = Readonly<Record<string, string>>;

export type RegisterMessageKey = MessageKey<typeof registerMessages>;

export interface FieldProblem {
  key: RegisterMessageKey;
  params?: MessageParams;
}

export type FieldProblems = Record<string, FieldProblem>;

export function fieldsOfGroups(fields: readonly AccountFormField[], groups: readonly number[]): AccountFormField[] {
  return fields.filter((field) => field.visible && groups.includes(field.groupId)).sort((a, b) => a.groupId - b.groupId || a.order - b.order);
}

export function fieldsOfStep(fields: readonly AccountFormField[], step: StepId): AccountFormField[] {
  return fieldsOfGroups(fields, STEP_GROUPS[step]);
}

/** The steps of the form: contact, company (business), address (when it has fields), password. */
export function stepsFor(fields: readonly AccountFormField[], accountType: AccountType): StepId[] {
  const steps: StepId[] = ['contact'];
  if (accountType === 'business' && fieldsOfStep(fields, 'company').length > 0) steps.push('company');
  // A personal account has no address (the server keeps only contact answers for it).
  if (accountType === 'business' && fieldsOfStep(fields, 'address').length > 0) steps.push('address');
  steps.push('password');
  return steps;
}

export interface CheckContext {
  countries?: readonly Country[];
  values: FormValues;
  files?: readonly DroppedFile[];
}

/** What is wrong with one answer (shell §5 rules; required and type settings of the form field), or null. */
export function fieldProblem(field: AccountFormField, context: CheckContext): FieldProblem | null {
  const label = field.labelName;
  const raw = context.values[field.fieldName] ?? '';
  const value = field.fieldType === 'password' ? raw : raw.trim();
  if (field.fieldType === FILES_TYPE) {
    return field.isRequired && (context.files?.length ?? 0) === 0 ? { key: 'validation.files' } : null;
  }
  // A state is needed only where the chosen country has a list of states.
  const required =
    field.fieldType === 'state' ? field.isRequired && statesOf(context.countries, context.values.country ?? '').length > 0 : field.isRequired;
  if (isUnanswered(field, value)) {
    return required ? { key: 'validation.required', params: { label } } : null;
  }
  switch (field.fieldType) {
    case 'email':
      return isValidEmail(value) ? null : { key: 'validation.email' };
    case 'phone':
      return isValidPhone(value) ? null : { key: 'validation.phone' };
    case 'password':
      return meetsPasswordRule(value) ? null : { key: 'validation.password' };
    case 'state': {
      const states = statesOf(context.countries, context.values.country ?? '');
      return states.length === 0 || states.some((state) => state.stateCode === value) ? null : { key: 'validation.option', params: { label } };
    }
    case 'country':
      return !context.countries || context.countries.some((country) => country.countryCode === value) ? null : { key: 'validation.option', params: { label } };
    default: {
      const problem = answerProblem(field, value, { maxLength: configNumber(field, 'maxLength') });
      return problem && validationMessage(problem, label);
    }
  }
}

/** Every problem of the given fields; the password step also checks the confirmation. */
export function checkFields(fields: readonly AccountFormField[], context: CheckContext, { confirmPassword = false } = {}): FieldProblems {
  const problems: FieldProblems = {};
  for (const field of fields) {
    const problem = fieldProblem(field, context);
    if (problem) problems[field.fieldName] = problem;
  }
  if (confirmPassword && fields.some((field) => field.fieldType === 'password')) {
    const password = fields.find((field) => field.fieldType === 'password');
    if (password && !problems[password.fieldName] && (context.values[CONFIRM_PASSWORD] ?? '') !== (context.values[password.fieldName] ?? '')) {
      problems[CONFIRM_PASSWORD] = { key: 'validation.passwordMismatch' };
    }
  }
  return problems;
}

export function checkStep(fields: readonly AccountFormField[], step: StepId, context: CheckContext): FieldProblems {
  return checkFields(fieldsOfStep(fields, step), context, { confirmPassword: step === 'password' });
}

/** The step a server field error belongs to (`extraFields.taxId` → the custom field taxId, and so on). */
export function serverFieldName(key: string): string {
  const dot = key.indexOf('.');
  return dot < 0 ? key : key.slice(dot + 1);
}

export function stepOfField(fields: readonly AccountFormField[], fieldName: string, steps: readonly StepId[]): StepId | null {
  const field = fields.find((candidate) => candidate.fieldName === fieldName);
  if (!field) return null;
  return steps.find((step) => STEP_GROUPS[step].includes(field.groupId)) ?? null;
}

const value = (values: FormValues, name: string) => (values[name] ?? '').trim();

function customAnswers(fields: readonly AccountFormField[], values: FormValues, groups: readonly number[]): ExtraFieldInput[] {
  return fieldsOfGroups(fields, groups)
    .filter((field) => field.custom)
    .map((field) => ({ fieldName: field.fieldName, fieldValue: value(values, field.fieldName) }));
}

interface CompanyInputOptions {
  channelId: number;
  storeHash?: string;
  files: readonly DroppedFile[];
  /** A guest's new account (registration); absent for a signed-in applicant (conversion, resubmission). */
  contact?: { acceptsMarketing: boolean };
  customerId?: number;
}

export function companyCreateInput(fields: readonly AccountFormField[], values: FormValues, options: CompanyInputOptions): CompanyCreateInput {
  const input: CompanyCreateInput = {
    channelId: options.channelId,
    companyName: value(values, 'companyName'),
    companyEmail: value(values, 'companyEmail'),
    companyPhoneNumber: value(values, 'companyPhoneNumber'),
    country: value(values, 'country'),
    addressLine1: value(values, 'addressLine1'),
    addressLine2: value(values, 'addressLine2'),
    city: value(values, 'city'),
    state: value(values, 'state'),
    zipCode: value(values, 'zipCode'),
    extraFields: customAnswers(fields, values, [GROUP.company]),
    fileList: options.files.map((file) => file.id),
    addressExtraFields: customAnswers(fields, values, [GROUP.address]),
    userExtraFields: options.contact ? customAnswers(fields, values, [GROUP.contact, GROUP.additional]) : [],
  };
  if (options.storeHash) input.storeHash = options.storeHash;
  if (options.customerId !== undefined) input.customerId = options.customerId;
  if (options.contact) {
    input.customer = {
      firstName: value(values, 'firstName'),
      lastName: value(values, 'lastName'),
      email: value(values, 'email'),
      password: values.password ?? '',
      phoneNumber: value(values, 'phoneNumber'),
      acceptsMarketing: options.contact.acceptsMarketing,
    };
  }
  return input;
}

export function customerCreateInput(
  fields: readonly AccountFormField[],
  values: FormValues,
  options: { channelId: number; acceptsMarketing: boolean },
): CustomerCreateInput {
  return {
    firstName: value(values, 'firstName'),
    lastName: value(values, 'lastName'),
    email: value(values, 'email'),
    password: values.password ?? '',
    phoneNumber: value(values, 'phoneNumber'),
    acceptsMarketing: options.acceptsMarketing,
    userExtraFields: customAnswers(fields, values, [GROUP.contact, GROUP.additional]),
    channelId: options.channelId,
  };
}

/** The answers a field starts with: a checkbox checked by default, or nothing. */
export function initialValues(fields: readonly AccountFormField[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const field of fields) {
    if (field.fieldType === 'checkbox' && field.valueConfigs.checkedByDefault === true) values[field.fieldName] = '1';
  }
  return values;
}
