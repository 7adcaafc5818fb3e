import { graphqlOperation } from '../graphql';
import type { Permission } from '../user/customerInfo';

export interface AuthorizationResult {
  token: string;
  loginType: number;
  permissions: Permission[];
}

/** Step (c): exchange the storefront customer's JWT for a B2B token (shell §7 `authorization`). */
export const AUTHORIZATION = graphqlOperation<
  { authorization: { result: AuthorizationResult } },
  { authData: { bcToken: string; channelId: number } }
>(`
  mutation Authorization($authData: AuthorizationInput!) {
    authorization(authData: $authData) {
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
