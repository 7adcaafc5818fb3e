import { useMutation } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';

export interface LoginInput {
  email: string;
  password: string;
  channelId: number;
}

export interface LoginResult {
  token: string;
  loginType: number;
  permissions: { code: string; permissionLevel: number }[];
}

export const LOGIN = graphqlOperation<{ login: { result: LoginResult } }, { loginData: LoginInput }>(`
  mutation Login($loginData: LoginInput!) {
    login(loginData: $loginData) {
      result {
        token
        loginType
        permissions {
          code
          permissionLevel
        }
      }
    }
  }
`);

/** The sign-in page shows failures inline, so no error toast. */
export function useLoginMutation() {
  const client = useGraphQLClient();
  return useMutation({
    mutationFn: (loginData: LoginInput) =>
      client.request(LOGIN, { loginData }, { suppressErrorToast: true }).then((data) => data.login.result),
  });
}
