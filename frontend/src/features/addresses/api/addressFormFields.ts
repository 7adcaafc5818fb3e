import { useQuery } from '@tanstack/react-query';

import { graphqlOperation, jsonObject } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { AddressFormFieldsQuery, AddressFormFieldsQueryVariables } from '../../../lib/graphqlTypes.generated';

// The store's custom address fields (api.md "Address book": `extraFields` answers accountFormFields group 4 — the
// business form's for a company's book, the personal form's for an individual's), drawn as registration draws them.

/** accountFormFields form types and the address group. */
export const FORM_TYPE = { business: 1, personal: 2 } as const;
const ADDRESS_GROUP = 4;

export const ADDRESS_FORM_FIELDS = graphqlOperation<AddressFormFieldsQuery, AddressFormFieldsQueryVariables>(/* GraphQL */ `
  query AddressFormFields($formType: Int!) {
    accountFormFields(formType: $formType) {
      id
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

/** A custom address field; `valueConfigs` (JSON) as an object: maxLength, min / max, options, the checkbox label. */
export type AddressExtraFieldDefinition = Omit<AddressFormFieldsQuery['accountFormFields'][number], 'valueConfigs'> & {
  valueConfigs: Record<string, unknown>;
};

const FORM_STALE_MS = 10 * 60 * 1000;

/** The visible custom fields of the address group, in the form's order. */
export function useAddressExtraFields(formType: number, enabled = true) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['addressFormFields', formType] as const,
    queryFn: ({ signal }) =>
      client.request(ADDRESS_FORM_FIELDS, { formType }, { signal }).then((data) =>
        data.accountFormFields
          .filter((field) => field.custom && field.visible && field.groupId === ADDRESS_GROUP)
          .sort((a, b) => a.order - b.order)
          .map((field): AddressExtraFieldDefinition => ({ ...field, valueConfigs: jsonObject(field.valueConfigs) })),
      ),
    staleTime: FORM_STALE_MS,
    enabled,
  });
}
