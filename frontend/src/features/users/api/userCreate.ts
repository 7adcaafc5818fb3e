import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { UserCreateInput, UserCreateMutation, UserCreateMutationVariables } from '../../../lib/graphqlTypes.generated';
import { COMPANY_USER_FIELDS } from './companyUsers';
import { useUsersChanged } from './usersChanged';

export type { UserCreateInput };

// api.md "User management", Adding: the e-mail decides — new (invited), already in the company (email_in_company),
// an individual customer (joins), anything else (email_unavailable, one answer for all).

export const USER_CREATE = graphqlOperation<UserCreateMutation, UserCreateMutationVariables>(/* GraphQL */ `
  mutation UserCreate($userData: UserCreateInput!) {
    userCreate(userData: $userData) {
      ...CompanyUserFields
    }
  }
  ${COMPANY_USER_FIELDS}
`);

export function useUserCreate() {
  const client = useGraphQLClient();
  const changed = useUsersChanged();
  return useMutation({
    // The dialog shows the refusal in place: no toast.
    mutationFn: (userData: UserCreateInput) =>
      client.request(USER_CREATE, { userData }, { suppressErrorToast: true }).then((data) => data.userCreate),
    onSuccess: () => changed(),
  });
}
