import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { USER_QUERY_SCOPE } from '../../../lib/session';

export interface CustomerInfo {
  userType: number;
  userInfo: {
    id: number;
    role: number;
    companyRoleName: string;
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string;
  };
  permissions: { code: string; permissionLevel: number }[];
  companyInfo: { id: number; companyName: string; status: number } | null;
}

export const CUSTOMER_INFO = graphqlOperation<{ customerInfo: CustomerInfo }>(`
  query CustomerInfo {
    customerInfo {
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
    }
  }
`);

export function useCustomerInfo() {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'customerInfo'] as const,
    queryFn: ({ signal }) => client.request(CUSTOMER_INFO, {}, { signal }).then((data) => data.customerInfo),
  });
}
