import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { UserUpdateInput, UserUpdateMutation, UserUpdateMutationVariables } from '../../../lib/graphqlTypes.generated';
import { COMPANY_USER_FIELDS } from './companyUsers';
import { useUsersChanged } from './usersChanged';

export type { UserUpdateInput };

// api.md "User management": a field left out (null) stays as it is; a role change counts from the user's next
// request.

export const USER_UPDATE = graphqlOperation<UserUpdateMutation, UserUpdateMutationVariables>(/* GraphQL */ `
  mutation UserUpdate($userId: Int!, $userData: UserUpdateInput!) {
    userUpdate(userId: $userId, userData: $userData) {
      ...CompanyUserFields
    }
  }
  ${COMPANY_USER_FIELDS}
`);

export function useUserUpdate() {
  const client = useGraphQLClient();
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: ({ userId, userData }: { userId: number; userData: UserUpdateInput }) =>
      client.request(USER_UPDATE, { userId, userData }, { suppressErrorToast: true }).then((data) => data.userUpdate),
    // Also after a refusal: the user may have left the company meanwhile (NOT_FOUND), or changed.
    onSettled: (_user, _error, { userId }) => changed(userId),
  });
}
