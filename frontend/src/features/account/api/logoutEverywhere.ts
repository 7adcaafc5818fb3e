import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { LogoutEverywhereMutation, LogoutEverywhereMutationVariables } from '../../../lib/graphqlTypes.generated';

/** Revokes every B2B token of the user and ends all of their storefront sessions (issue 12). */
export const LOGOUT_EVERYWHERE = graphqlOperation<LogoutEverywhereMutation, LogoutEverywhereMutationVariables>(/* GraphQL */ `
  mutation LogoutEverywhere {
    logoutEverywhere {
      result {
        message
      }
    }
  }
`);

/** "Sign out everywhere"; a failure shows the usual error toast. */
export function useLogoutEverywhere() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: () => client.request(LOGOUT_EVERYWHERE).then((data) => data.logoutEverywhere.result.message),
  });
}
