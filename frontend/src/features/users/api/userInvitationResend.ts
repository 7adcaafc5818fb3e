import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { UserInvitationResendMutation, UserInvitationResendMutationVariables } from '../../../lib/graphqlTypes.generated';
import { useUsersChanged } from './usersChanged';

// api.md "User management": a fresh invitation link while the user has not chosen a password
// (INVITATION_NOT_PENDING otherwise; 3 an hour per user, then TOO_MANY_REQUESTS).

export const USER_INVITATION_RESEND = graphqlOperation<UserInvitationResendMutation, UserInvitationResendMutationVariables>(/* GraphQL */ `
  mutation UserInvitationResend($userId: Int!) {
    userInvitationResend(userId: $userId) {
      result {
        message
      }
    }
  }
`);

export function useUserInvitationResend() {
  const client = useGraphQLClient();
  const changed = useUsersChanged();
  return useMutation({
    mutationFn: (userId: number) =>
      client.request(USER_INVITATION_RESEND, { userId }, { suppressErrorToast: true }).then(() => userId),
    // The user may have chosen a password meanwhile (INVITATION_NOT_PENDING): the list is asked again either way.
    onSettled: () => changed(),
  });
}
