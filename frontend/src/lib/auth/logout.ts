import { graphqlOperation } from '../graphql';
import type { LogoutMutation, LogoutMutationVariables } from '../graphqlTypes.generated';

/** Revokes the bearer token on the server. */
export const LOGOUT = graphqlOperation<LogoutMutation, LogoutMutationVariables>(/* GraphQL */ `
  mutation Logout {
    logout {
      result {
        message
      }
    }
  }
`);
