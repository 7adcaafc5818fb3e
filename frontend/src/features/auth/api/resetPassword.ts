import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { ResetPasswordMutation, ResetPasswordMutationVariables } from '../../../lib/graphqlTypes.generated';

export type ResetPasswordInput = ResetPasswordMutationVariables;

export const RESET_PASSWORD = graphqlOperation<ResetPasswordMutation, ResetPasswordMutationVariables>(/* GraphQL */ `
  mutation ResetPassword($uid: String!, $token: String!, $newPassword: String!) {
    resetPassword(uid: $uid, token: $token, newPassword: $newPassword) {
      result {
        message
      }
    }
  }
`);

/** The page shows failures itself (invalid link, password rules), so no error toast. */
export function useResetPassword() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: (input: ResetPasswordInput) =>
      client.request(RESET_PASSWORD, input, { suppressErrorToast: true }).then((data) => data.resetPassword.result.message),
  });
}
