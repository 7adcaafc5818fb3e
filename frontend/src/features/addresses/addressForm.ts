import { answerProblem, configNumber, isUnanswered, type AnswerProblem } from '../../lib/accountFormFields';
import { statesOf, type Country } from '../../lib/countries';
import type { MessageKey, MessageParams } from '../../lib/i18n/keys';
import { isValidPhone } from '../../lib/validation';
import type { BookAddress } from './api/addressFields';
import type { AddressExtraFieldDefinition } from './api/addressFormFields';
import type { AddressInput } from './api/addressMutations';
import type { addressMessages } from './messages';

// The add / edit dialog's form as data: its values, the checks the browser makes before the server makes them again
// (api.md "Address book" Fields; shell §5 phone rule) and the AddressInput it sends.

export type AddressTextField =
  | 'label'
  | 'firstName'
  | 'lastName'
  | 'companyName'
  | 'country'
  | 'state'
  | 'addressLine1'
  | 'addressLine2'
  | 'city'
  | 'zipCode'
  | 'phoneNumber';

export type AddressFlag = 'isShipping' | 'isBilling' | 'isDefaultShipping' | 'isDefaultBilling';

export type AddressFormValues = Record<AddressTextField, string> &
  Record<AddressFlag, boolean> & {
    /** The custom fields' answers by field name ('1' for a ticked checkbox). */
    extra: Readonly<Record<string, string>>;
  };

/** The server's longest value of each text (api.md: label 100, names 150, company and lines 200, city and state 100, ZIP 20, phone 40). */
export const MAX_LENGTH: Record<AddressTextField, number> = {
  label: 100,
  firstName: 150,
  lastName: 150,
  companyName: 200,
  country: 100,
  state: 100,
  addressLine1: 200,
  addressLine2: 200,
  city: 100,
  zipCode: 20,
  phoneNumber: 40,
};

const REQUIRED: readonly AddressTextField[] = ['firstName', 'lastName', 'country', 'addressLine1', 'city', 'zipCode'];

/** The dialog's text fields top to bottom. Who, then where: the country first among the address lines, since its
 * states and its post's format follow from it. */
export const TEXT_FIELD_ORDER: readonly AddressTextField[] = [
  'label',
  'firstName',
  'lastName',
  'companyName',
  'phoneNumber',
  'country',
  'state',
  'addressLine1',
  'addressLine2',
  'city',
  'zipCode',
];

/** The dialog's fields top to bottom: the first one with a problem gets focus. */
export const FIELD_ORDER: readonly string[] = [
  ...TEXT_FIELD_ORDER,
  'isShipping',
  'isDefaultShipping',
  'isDefaultBilling',
];

export type AddressMessageKey = MessageKey<typeof addressMessages>;

export interface FormProblem {
  key: AddressMessageKey;
  params?: MessageParams;
}

/** Problems by field path: `firstName`, `isShipping` (neither kind), `extraFields.<fieldName>`. */
export type FormProblems = Record<string, FormProblem>;

export const extraFieldPath = (fieldName: string) => `extraFields.${fieldName}`;

export function emptyAddressValues(defaultCountry = ''): AddressFormValues {
  return {
    label: '',
    firstName: '',
    lastName: '',
    companyName: '',
    country: defaultCountry,
    state: '',
    addressLine1: '',
    addressLine2: '',
    city: '',
    zipCode: '',
    phoneNumber: '',
    isShipping: true,
    isBilling: true,
    isDefaultShipping: false,
    isDefaultBilling: false,
    extra: {},
  };
}

export function addressValues(address: BookAddress): AddressFormValues {
  return {
    label: address.label,
    firstName: address.firstName,
    lastName: address.lastName,
    companyName: address.companyName,
    country: address.country,
    state: address.state,
    addressLine1: address.addressLine1,
    addressLine2: address.addressLine2,
    city: address.city,
    zipCode: address.zipCode,
    phoneNumber: address.phoneNumber,
    isShipping: address.isShipping,
    isBilling: address.isBilling,
    isDefaultShipping: address.isDefaultShipping,
    isDefaultBilling: address.isDefaultBilling,
    extra: Object.fromEntries(address.extraFields.map((answer) => [answer.fieldName, answer.fieldValue])),
  };
}

/** The longest answer a text field of the store takes, or null. */
export function extraMaxLength(field: AddressExtraFieldDefinition): number | null {
  return configNumber(field, 'maxLength');
}

const ANSWER_KEYS = {
  number: 'addresses.error.number',
  date: 'addresses.error.date',
  option: 'addresses.error.choice',
} as const satisfies Partial<Record<AnswerProblem['kind'], AddressMessageKey>>;

function extraProblem(field: AddressExtraFieldDefinition, raw: string): FormProblem | null {
  const value = raw.trim();
  if (isUnanswered(field, value)) {
    return field.isRequired ? { key: 'addresses.error.requiredNamed', params: { label: field.labelName } } : null;
  }
  const problem = answerProblem(field, value, { maxLength: field.fieldType === 'checkbox' ? null : extraMaxLength(field) });
  if (!problem) return null;
  switch (problem.kind) {
    case 'numberRange':
      return { key: 'addresses.error.numberRange', params: { min: problem.min, max: problem.max } };
    case 'maxLength':
      return { key: 'addresses.error.maxLength', params: { n: problem.n } };
    default:
      return { key: ANSWER_KEYS[problem.kind] };
  }
}

/** Every problem of the form at once. A state is needed where the country has a list of states. */
export function checkAddress(
  values: AddressFormValues,
  { countries, extraFields }: { countries?: readonly Country[]; extraFields?: readonly AddressExtraFieldDefinition[] },
): FormProblems {
  const problems: FormProblems = {};
  for (const field of Object.keys(MAX_LENGTH) as AddressTextField[]) {
    const value = values[field].trim();
    if (!value && REQUIRED.includes(field)) problems[field] = { key: 'addresses.error.required' };
    else if (value.length > MAX_LENGTH[field]) problems[field] = { key: 'addresses.error.maxLength', params: { n: MAX_LENGTH[field] } };
  }
  const states = statesOf(countries, values.country);
  if (!problems.state && states.length > 0) {
    if (!values.state) problems.state = { key: 'addresses.error.stateRequired' };
    else if (!states.some((state) => state.stateCode === values.state)) problems.state = { key: 'addresses.error.choice' };
  }
  if (!problems.phoneNumber && values.phoneNumber.trim() && !isValidPhone(values.phoneNumber)) {
    problems.phoneNumber = { key: 'addresses.error.phone' };
  }
  if (!values.isShipping && !values.isBilling) problems.isShipping = { key: 'addresses.error.kind' };
  for (const field of extraFields ?? []) {
    const problem = extraProblem(field, values.extra[field.fieldName] ?? '');
    if (problem) problems[extraFieldPath(field.fieldName)] = problem;
  }
  return problems;
}

/**
 * The AddressInput of the form. `defaults`: whether the caller may change the book's defaults — otherwise the flags
 * go as null ("leave them"), so that an edit by a buyer who manages only their own addresses is not refused. A
 * default of a kind the address no longer has is cleared (the server would refuse it).
 */
export function addressInput(
  values: AddressFormValues,
  { extraFields, defaults }: { extraFields: readonly AddressExtraFieldDefinition[]; defaults: boolean },
): AddressInput {
  const text = (field: AddressTextField) => values[field].trim();
  return {
    label: text('label'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    companyName: text('companyName'),
    country: text('country'),
    state: text('state'),
    addressLine1: text('addressLine1'),
    addressLine2: text('addressLine2'),
    city: text('city'),
    zipCode: text('zipCode'),
    phoneNumber: text('phoneNumber'),
    isShipping: values.isShipping,
    isBilling: values.isBilling,
    isDefaultShipping: defaults ? values.isShipping && values.isDefaultShipping : null,
    isDefaultBilling: defaults ? values.isBilling && values.isDefaultBilling : null,
    extraFields: extraFields.map((field) => ({ fieldName: field.fieldName, fieldValue: (values.extra[field.fieldName] ?? '').trim() })),
  };
}
