import { useQuery } from '@tanstack/react-query';
import { isIsoDate } from './dates';

import { graphqlOperation, jsonObject } from './graphql';
import { useGraphQLClient } from './GraphQLClientProvider';
import type { AccountFormFieldsQuery, AccountFormFieldsQueryVariables } from './graphqlTypes.generated';

// shell §3 account form field; shell §7 accountFormFields(formType). Guest-allowed. Registration, the address book
// and user management all draw and check the store's fields from this one query and these rules.

/** shell §3 account form types. */
export const FORM_TYPE = { business: 1, personal: 2 } as const;

/** accountFormFields group ids. */
export const FORM_GROUP = { contact: 1, additional: 2, company: 3, address: 4, password: 5 } as const;

/** A form field; `valueConfigs` (JSON) as an object, {} when the server sends none. */
export type AccountFormField = Omit<AccountFormFieldsQuery['accountFormFields'][number], 'valueConfigs'> & { valueConfigs: Record<string, unknown> };

export const ACCOUNT_FORM_FIELDS = graphqlOperation<AccountFormFieldsQuery, AccountFormFieldsQueryVariables>(/* GraphQL */ `
  query AccountFormFields($formType: Int!) {
    accountFormFields(formType: $formType) {
      id
      formType
      fieldId
      fieldName
      fieldType
      labelName
      isRequired
      visible
      groupId
      custom
      order
      valueConfigs
    }
  }
`);

const FORM_STALE_MS = 10 * 60 * 1000;

interface AccountFormFieldsOptions<T> {
  enabled?: boolean;
  /** The caller shows the failure itself. */
  suppressErrorToast?: boolean;
  /** What the caller keeps of the form's fields. */
  select(fields: AccountFormField[]): T;
}

/** The fields of one account form, as the caller selects them (one request per form type, shared by every caller). */
export function useAccountFormFieldsQuery<T>(formType: number, { enabled = true, suppressErrorToast, select }: AccountFormFieldsOptions<T>) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['accountFormFields', formType] as const,
    queryFn: ({ signal }) =>
      client
        .request(ACCOUNT_FORM_FIELDS, { formType }, { signal, ...(suppressErrorToast ? { suppressErrorToast } : {}) })
        .then((data) => data.accountFormFields.map((field): AccountFormField => ({ ...field, valueConfigs: jsonObject(field.valueConfigs) }))),
    select,
    staleTime: FORM_STALE_MS,
    enabled,
  });
}

/** The visible custom fields of the given groups, by group and then in the form's order. */
export function customFieldsOfGroups(fields: readonly AccountFormField[], groups: readonly number[]): AccountFormField[] {
  return fields.filter((field) => field.custom && field.visible && groups.includes(field.groupId)).sort((a, b) => a.groupId - b.groupId || a.order - b.order);
}

/** The fields' own rules, as far as the form field input needs them. */
export type FormFieldDefinition = Pick<AccountFormField, 'fieldName' | 'fieldType' | 'labelName' | 'isRequired' | 'valueConfigs'>;

/** A number setting of a field (`maxLength`, `min`, `max`), or null. */
export function configNumber(field: FormFieldDefinition, key: string): number | null {
  const value = field.valueConfigs[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return null;
}

/** A dropdown field's choices ({label, value} objects or plain strings in `valueConfigs.options`). */
export function dropdownOptions(field: FormFieldDefinition): { label: string; value: string }[] {
  const options = field.valueConfigs.options;
  if (!Array.isArray(options)) return [];
  return options.map((option: unknown) => {
    if (option && typeof option === 'object') {
      const record = option as Record<string, unknown>;
      const value = String(record.value ?? record.label ?? '');
      return { value, label: String(record.label ?? value) };
    }
    return { value: String(option), label: String(option) };
  });
}


/** No answer: empty, or a checkbox not ticked. */
export function isUnanswered(field: FormFieldDefinition, value: string): boolean {
  return !value || (field.fieldType === 'checkbox' && value !== '1');
}

/** What is wrong with a given answer by the field's type and settings. */
export type AnswerProblem =
  | { kind: 'number' }
  | { kind: 'numberRange'; min: number; max: number | '…' }
  | { kind: 'date' }
  | { kind: 'option' }
  | { kind: 'maxLength'; n: number };

/**
 * The problem of a (trimmed, non-empty) answer to a number, date or dropdown field; any other field is checked only
 * against `maxLength` (null: no limit), which the caller works out for it.
 */
export function answerProblem(
  field: FormFieldDefinition,
  value: string,
  { numberPattern = /^\d+$/, maxLength }: { numberPattern?: RegExp; maxLength: number | null },
): AnswerProblem | null {
  switch (field.fieldType) {
    case 'number': {
      if (!numberPattern.test(value)) return { kind: 'number' };
      const min = configNumber(field, 'min');
      const max = configNumber(field, 'max');
      const number = Number(value);
      return (min !== null && number < min) || (max !== null && number > max) ? { kind: 'numberRange', min: min ?? 0, max: max ?? '…' } : null;
    }
    case 'date':
      return isIsoDate(value) ? null : { kind: 'date' };
    case 'dropdown':
      return dropdownOptions(field).some((option) => option.value === value) ? null : { kind: 'option' };
    default:
      return maxLength !== null && value.length > maxLength ? { kind: 'maxLength', n: maxLength } : null;
  }
}

export type ValidationMessageKey = 'validation.number' | 'validation.numberRange' | 'validation.date' | 'validation.option' | 'validation.maxLength';

/** An answer problem as the shared `validation.` texts that name the field. */
export function validationMessage(problem: AnswerProblem, label: string): { key: ValidationMessageKey; params: Record<string, string | number> } {
  switch (problem.kind) {
    case 'numberRange':
      return { key: 'validation.numberRange', params: { label, min: problem.min, max: problem.max } };
    case 'maxLength':
      return { key: 'validation.maxLength', params: { label, n: problem.n } };
    default:
      return { key: `validation.${problem.kind}`, params: { label } };
  }
}
