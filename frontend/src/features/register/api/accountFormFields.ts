import { useQuery } from '@tanstack/react-query';

import { graphqlOperation, jsonObject } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { AccountFormFieldsQuery, AccountFormFieldsQueryVariables } from '../../../lib/graphqlTypes.generated';

// shell §3 account form field; shell §7 accountFormFields(formType). Guest-allowed.

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

export function useAccountFormFields(formType: number, enabled = true) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['accountFormFields', formType] as const,
    queryFn: ({ signal }) =>
      client.request(ACCOUNT_FORM_FIELDS, { formType }, { signal }).then((data) =>
        data.accountFormFields.map((field): AccountFormField => ({ ...field, valueConfigs: jsonObject(field.valueConfigs) })),
      ),
    staleTime: FORM_STALE_MS,
    enabled,
  });
}
