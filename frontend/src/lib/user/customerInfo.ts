import { queryOptions, useQuery } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient, type RequestOptions } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import { USER_QUERY_SCOPE, useB2BToken } from '../session';

// Who the signed-in user is: role, company and permissions. Loaded at start-up (shell §4) and right after
// sign-in; the shell's gates, menu and header and the account page read it from the query cache.

export interface Permission {
  code: string;
  permissionLevel: number;
}

export interface UserInfo {
  id: number;
  /** shell §4 reading A as the server reports it: 0 admin, 1 senior, 2 junior, 3 super admin, 5 custom, 99 individual. */
  role: number;
  companyRoleName: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export interface CustomerInfo {
  userType: number;
  userInfo: UserInfo;
  permissions: Permission[];
  companyInfo: { id: number; companyName: string; status: number } | null;
}

/** The selection every operation returning `CustomerInfo` uses, so the cache always holds the same shape. */
export const CUSTOMER_INFO_FIELDS = `
  userType
  userInfo {
    id
    role
    companyRoleName
    firstName
    lastName
    email
    phoneNumber
  }
  permissions {
    code
    permissionLevel
  }
  companyInfo {
    id
    companyName
    status
  }
`;

export const CUSTOMER_INFO = graphqlOperation<{ customerInfo: CustomerInfo }>(`
  query CustomerInfo {
    customerInfo {${CUSTOMER_INFO_FIELDS}}
  }
`);

export const CUSTOMER_INFO_QUERY_KEY = [USER_QUERY_SCOPE, 'customerInfo'] as const;

export function fetchCustomerInfo(client: GraphQLClient, options: RequestOptions = {}): Promise<CustomerInfo> {
  return client.request(CUSTOMER_INFO, {}, options).then((data) => data.customerInfo);
}

export function customerInfoQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: CUSTOMER_INFO_QUERY_KEY,
    queryFn: ({ signal }) => fetchCustomerInfo(client, { signal }),
    // Loaded by start-up and sign-in; screens read it without asking again. A reopening after this refreshes.
    staleTime: 5 * 60 * 1000,
  });
}

/** The signed-in user's customer info; disabled (pending, no request) while nobody is signed in. */
export function useCustomerInfo() {
  const client = useGraphQLClient();
  const token = useB2BToken();
  return useQuery({ ...customerInfoQueryOptions(client), enabled: token !== null });
}
