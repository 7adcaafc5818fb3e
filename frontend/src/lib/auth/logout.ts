import { graphqlOperation } from '../graphql';

/** Revokes the bearer token on the server. */
export const LOGOUT = graphqlOperation<{ logout: { result: { message: string } } }>(`
  mutation Logout {
    logout {
      result {
        message
      }
    }
  }
`);
