import { graphqlOperation } from '../graphql';
import type { AuthorizationMutation, AuthorizationMutationVariables } from '../graphqlTypes.generated';

/** Step (c): exchange the storefront customer's JWT for a B2B token (shell §7 `authorization`). */
export const AUTHORIZATION = graphqlOperation<AuthorizationMutation, AuthorizationMutationVariables>(/* GraphQL */ `
  mutation Authorization($authData: AuthorizationInput!) {
    authorization(authData: $authData) {
      result {
        token
        loginType
        permissions {
          code
          permissionLevel
        }
        masquerade {
          id
          companyName
          beganAt
        }
      }
    }
  }
`);

export type AuthorizationResult = AuthorizationMutation['authorization']['result'];
