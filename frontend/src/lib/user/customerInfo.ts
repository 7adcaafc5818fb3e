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

/** shell §4 company status: pending 0, approved 1, rejected 2, inactive 3, deleted 4. */
export const COMPANY_STATUS = { pending: 0, approved: 1, rejected: 2, inactive: 3, deleted: 4 } as const;

export interface CompanyInfo {
  id: number;
  companyName: string;
  status: number;
  /** Why staff rejected the application (status 2); empty otherwise. */
  rejectionReason?: string;
}

/** shell §3 masquerade company: the company a super admin acts as in this session. */
export interface MasqueradeCompany {
  id: number;
  isAgenting: boolean;
  companyName: string;
  customerGroupId: number | null;
}

/** What the server says about the account's state: the pending tips and the convert link (shell §4, §8). */
export interface AccountStatus {
  orderCreationBlocked: boolean;
  pricesHidden: boolean;
  convertLinkVisible: boolean;
  b2bRegistrationEnabled: boolean;
  b2cRegistrationEnabled: boolean;
}

export interface CustomerInfo {
  userType: number;
  userInfo: UserInfo;
  permissions: Permission[];
  companyInfo: CompanyInfo | null;
  /** Set while a super admin masquerades (role 3 with this set); null or absent otherwise. */
  masquerade?: MasqueradeCompany | null;
  accountStatus?: AccountStatus | null;
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
    rejectionReason
  }
  masquerade {
    id
    isAgenting
    companyName
    customerGroupId
  }
  accountStatus {
    orderCreationBlocked
    pricesHidden
    convertLinkVisible
    b2bRegistrationEnabled
    b2cRegistrationEnabled
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
