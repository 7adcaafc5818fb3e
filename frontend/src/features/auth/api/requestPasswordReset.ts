import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { RequestPasswordResetMutation, RequestPasswordResetMutationVariables } from '../../../lib/graphqlTypes.generated';

export const REQUEST_PASSWORD_RESET = graphqlOperation<RequestPasswordResetMutation, RequestPasswordResetMutationVariables>(/* GraphQL */ `
  mutation RequestPasswordReset($email: String!) {
    requestPasswordReset(email: $email) {
      result {
        message
      }
    }
  }
`);

/** Resolves with the server's neutral message (the same whether or not the account exists). */
export function useRequestPasswordReset() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: (email: string) =>
      client.request(REQUEST_PASSWORD_RESET, { email }, { suppressErrorToast: true }).then((data) => data.requestPasswordReset.result.message),
  });
}
