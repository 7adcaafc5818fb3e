import { useMutation, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { CUSTOMER_INFO_FIELDS, CUSTOMER_INFO_QUERY_KEY, type CustomerInfo } from '../../../lib/user/customerInfo';

export interface AccountSettingsInput {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  /** Both null to keep the password. */
  currentPassword: string | null;
  newPassword: string | null;
}

export const UPDATE_ACCOUNT_SETTINGS = graphqlOperation<
  { updateAccountSettings: CustomerInfo },
  { accountSettings: AccountSettingsInput }
>(`
  mutation UpdateAccountSettings($accountSettings: AccountSettingsInput!) {
    updateAccountSettings(accountSettings: $accountSettings) {${CUSTOMER_INFO_FIELDS}}
  }
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
