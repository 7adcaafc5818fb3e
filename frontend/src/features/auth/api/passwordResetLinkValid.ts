import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { PasswordResetLinkValidQuery, PasswordResetLinkValidQueryVariables } from '../../../lib/graphqlTypes.generated';

export const PASSWORD_RESET_LINK_VALID = graphqlOperation<PasswordResetLinkValidQuery, PasswordResetLinkValidQueryVariables>(/* GraphQL */ `
  query PasswordResetLinkValid($uid: String!, $token: String!) {
    passwordResetLinkValid(uid: $uid, token: $token)
  }
`);

/**
 * Whether the e-mailed link still sets a password (issue 36 item 14: a used invitation says so before its form is
 * filled in). Asked once per link; a failed check (the network) leaves the form to the saving, which checks again.
 */
export function usePasswordResetLinkValid(uid: string, token: string) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: ['passwordResetLinkValid', uid, token] as const,
    queryFn: ({ signal }) =>
      client.request(PASSWORD_RESET_LINK_VALID, { uid, token }, { signal, suppressErrorToast: true }).then((data) => data.passwordResetLinkValid),
    retry: false,
    staleTime: Infinity,
  });
}
