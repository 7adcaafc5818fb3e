import { useQuery } from '@tanstack/react-query';

import { graphqlOperation, jsonObject } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { UserFormFieldsQuery, UserFormFieldsQueryVariables } from '../../../lib/graphqlTypes.generated';

// The store's custom user fields: accountFormFields of the business form (shell §3), groups 1 (contact) and 2
// (additional), the ones registration asks a company's user for. The server checks the answers as registration does.

/** shell §3 account form types: 1 business. */
const BUSINESS_FORM = 1;
/** accountFormFields groups of a user's own answers. */
export const USER_FIELD_GROUPS: readonly number[] = [1, 2];

export const USER_FORM_FIELDS = graphqlOperation<UserFormFieldsQuery, UserFormFieldsQueryVariables>(/* GraphQL */ `
  query UserFormFields($formType: Int!) {
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

/** A custom user field; `valueConfigs` (JSON) as an object, {} when the server sends none. */
export type UserFormField = Omit<UserFormFieldsQuery['accountFormFields'][number], 'valueConfigs'> & {
  valueConfigs: Record<string, unknown>;
};

const FORM_STALE_MS = 10 * 60 * 1000;

/** What the store's business form asks of a user besides e-mail and names. */
export interface UserFormSettings {
  /** The visible custom user fields, in the form's order. */
  customFields: UserFormField[];
  /** The built-in phone field is required (and shown) on the store's business form. */
  phoneRequired: boolean;
}

export function useUserFormFields(enabled = true) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['userFormFields', BUSINESS_FORM] as const,
    queryFn: ({ signal }) =>
      client.request(USER_FORM_FIELDS, { formType: BUSINESS_FORM }, { signal, suppressErrorToast: true }).then(
        ({ accountFormFields: fields }): UserFormSettings => ({
          customFields: fields
            .filter((field) => field.custom && field.visible && USER_FIELD_GROUPS.includes(field.groupId))
            .sort((a, b) => a.groupId - b.groupId || a.order - b.order)
            .map((field): UserFormField => ({ ...field, valueConfigs: jsonObject(field.valueConfigs) })),
          phoneRequired: fields.some((field) => !field.custom && field.fieldName === 'phoneNumber' && field.visible && field.isRequired),
        }),
      ),
    staleTime: FORM_STALE_MS,
    enabled,
  });
}
