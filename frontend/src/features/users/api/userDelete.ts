import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { UserDeleteMutation, UserDeleteMutationVariables } from '../../../lib/graphqlTypes.generated';
import { useUsersChanged } from './usersChanged';

// api.md "User management", Deleting: the user leaves the company and every session of theirs ends at once.

export const USER_DELETE = graphqlOperation<UserDeleteMutation, UserDeleteMutationVariables>(/* GraphQL */ `
  mutation UserDelete($userId: Int!) {
    userDelete(userId: $userId) {
      result {
        message
      }
    }
  }
`);

export function useUserDelete() {
  const client = useGraphQLClient();
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (userId: number) => client.request(USER_DELETE, { userId }, { suppressErrorToast: true }).then(() => userId),
    // Also after a refusal: the list shows the company as it is now (NOT_FOUND: someone else removed them).
    onSettled: () => changed(),
  });
}
