import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';

export const LOGOUT = graphqlOperation<{ logout: { result: { message: string } } }>(`
  mutation Logout {
    logout {
      result {
        message
      }
    }
  }
`);

/**
 * Revokes the bearer token on the server. Signing out locally must not depend on it (the token may already be
 * expired or the network gone), so failures raise no toast; the caller ends the session either way.
 */
export function useLogoutMutation() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: () => client.request(LOGOUT, {}, { suppressErrorToast: true }),
  });
}
