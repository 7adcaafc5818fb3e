import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';

// shell §3 account form field; shell §7 accountFormFields(formType). Guest-allowed.

export interface AccountFormField {
  id: number;
  formType: number;
  fieldId: string;
  fieldName: string;
  fieldType: string;
  labelName: string;
  isRequired: boolean;
  visible: boolean;
  groupId: number;
  custom: boolean;
  order: number;
  valueConfigs: Record<string, unknown>;
}

export const ACCOUNT_FORM_FIELDS = graphqlOperation<{ accountFormFields: AccountFormField[] }, { formType: number }>(`
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

export function useAccountFormFields(formType: number, enabled = true) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['accountFormFields', formType] as const,
    queryFn: ({ signal }) =>
      client.request(ACCOUNT_FORM_FIELDS, { formType }, { signal }).then((data) =>
        data.accountFormFields.map((field) => ({ ...field, valueConfigs: field.valueConfigs && typeof field.valueConfigs === 'object' ? field.valueConfigs : {} })),
      ),
    staleTime: FORM_STALE_MS,
    enabled,
  });
}
