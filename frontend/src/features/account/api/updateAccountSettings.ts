import { useMutation, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  AccountSettingsInput,
  UpdateAccountSettingsMutation,
  UpdateAccountSettingsMutationVariables,
} from '../../../lib/graphqlTypes.generated';
import { CUSTOMER_INFO_FIELDS, CUSTOMER_INFO_QUERY_KEY } from '../../../lib/user/customerInfo';

/** Both passwords null (or left out) keep the password. */
export type { AccountSettingsInput };

export const UPDATE_ACCOUNT_SETTINGS = graphqlOperation<UpdateAccountSettingsMutation, UpdateAccountSettingsMutationVariables>(/* GraphQL */ `
  mutation UpdateAccountSettings($accountSettings: AccountSettingsInput!) {
    updateAccountSettings(accountSettings: $accountSettings) {
      ...CustomerInfoFields
    }
  }
  ${CUSTOMER_INFO_FIELDS}
`);

/** Saves the user's own settings; the answer is the updated customer, which replaces the cached one. */
export function useUpdateAccountSettings() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accountSettings: AccountSettingsInput) =>
      client
        .request(UPDATE_ACCOUNT_SETTINGS, { accountSettings }, { suppressErrorToast: true })
        .then((data) => data.updateAccountSettings),
    onSuccess: (customer) => queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, customer),
  });
}
