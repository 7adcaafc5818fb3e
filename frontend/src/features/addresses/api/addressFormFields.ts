import { customFieldsOfGroups, FORM_GROUP, useAccountFormFieldsQuery, type AccountFormField } from '../../../lib/accountFormFields';

// The store's custom address fields (api.md "Address book": `extraFields` answers accountFormFields group 4 — the
// business form's for a company's book, the personal form's for an individual's), drawn as registration draws them.

export { FORM_TYPE } from '../../../lib/accountFormFields';

/** A custom address field; `valueConfigs` (JSON) as an object: maxLength, min / max, options, the checkbox label. */
export type AddressExtraFieldDefinition = AccountFormField;

const addressFields = (fields: AccountFormField[]) => customFieldsOfGroups(fields, [FORM_GROUP.address]);

/** The visible custom fields of the address group, in the form's order. */
export function useAddressExtraFields(formType: number, enabled = true) {
  return useAccountFormFieldsQuery(formType, { enabled, select: addressFields });
}
