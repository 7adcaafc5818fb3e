import { graphqlOperation, type GraphQLClient } from '../../../lib/graphql';
import type { UserLoginStateQuery, UserLoginStateQueryVariables } from '../../../lib/graphqlTypes.generated';

export const USER_LOGIN_STATE = graphqlOperation<UserLoginStateQuery, UserLoginStateQueryVariables>(/* GraphQL */ `
  query UserLoginState($email: String!) {
    userLoginState(email: $email) {
      forcePasswordReset
    }
  }
`);

/** Whether the account must set a new password before it can sign in; false when that cannot be told. */
export function mustResetPassword(client: GraphQLClient, email: string): Promise<boolean> {
  return client
    .request(USER_LOGIN_STATE, { email }, { suppressErrorToast: true })
    .then((data) => data.userLoginState.forcePasswordReset)
    .catch(() => false);
}
