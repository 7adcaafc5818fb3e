import { customFieldsOfGroups, FORM_GROUP, FORM_TYPE, useAccountFormFieldsQuery, type AccountFormField } from '../../../lib/accountFormFields';

// The store's custom user fields: accountFormFields of the business form (shell §3), groups 1 (contact) and 2
// (additional), the ones registration asks a company's user for. The server checks the answers as registration does.

/** accountFormFields groups of a user's own answers. */
export const USER_FIELD_GROUPS: readonly number[] = [FORM_GROUP.contact, FORM_GROUP.additional];

/** A custom user field; `valueConfigs` (JSON) as an object, {} when the server sends none. */
export type UserFormField = AccountFormField;

/** What the store's business form asks of a user besides e-mail and names. */
export interface UserFormSettings {
  /** The visible custom user fields, in the form's order. */
  customFields: UserFormField[];
  /** The built-in phone field is required (and shown) on the store's business form. */
  phoneRequired: boolean;
}

const userFormSettings = (fields: AccountFormField[]): UserFormSettings => ({
  customFields: customFieldsOfGroups(fields, USER_FIELD_GROUPS),
  phoneRequired: fields.some((field) => !field.custom && field.fieldName === 'phoneNumber' && field.visible && field.isRequired),
});

export function useUserFormFields(enabled = true) {
  return useAccountFormFieldsQuery(FORM_TYPE.business, { enabled, suppressErrorToast: true, select: userFormSettings });
}
