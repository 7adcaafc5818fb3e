import { useAccountFormFieldsQuery, type AccountFormField } from '../../../lib/accountFormFields';

// shell §3 account form field; shell §7 accountFormFields(formType). Guest-allowed.

export type { AccountFormField } from '../../../lib/accountFormFields';

const allFields = (fields: AccountFormField[]) => fields;

export function useAccountFormFields(formType: number, enabled = true) {
  return useAccountFormFieldsQuery(formType, { enabled, select: allFields });
}
