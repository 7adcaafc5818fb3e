import { queryOptions, useQuery } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient, type RequestOptions } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type { CustomerInfoFieldsFragment, CustomerInfoQuery, CustomerInfoQueryVariables, MasqueradeCompanyFieldsFragment } from '../graphqlTypes.generated';
import { USER_QUERY_SCOPE, useB2BToken } from '../session';

// Who the signed-in user is: role, company and permissions. Loaded at start-up (shell §4) and right after
// sign-in; the shell's gates, menu and header and the account page read it from the query cache.

/** The selection of the masquerade company, shared with the masquerade mutations. */
export const MASQUERADE_COMPANY_FIELDS = /* GraphQL */ `
  fragment MasqueradeCompanyFields on MasqueradeCompany {
    id
    isAgenting
    companyName
    customerGroupId
  }
`;

/** The selection every operation returning `CustomerInfo` uses, so the cache always holds the same shape. */
export const CUSTOMER_INFO_FIELDS = /* GraphQL */ `
  fragment CustomerInfoFields on CustomerInfo {
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
      homeCompanyId
      homeCompanyName
      canSwitchUnits
      spansUnits
    }
    masquerade {
      ...MasqueradeCompanyFields
    }
    accountStatus {
      orderCreationBlocked
      pricesHidden
      convertLinkVisible
      b2bRegistrationEnabled
      b2cRegistrationEnabled
    }
  }
  ${MASQUERADE_COMPANY_FIELDS}
`;

export const CUSTOMER_INFO = graphqlOperation<CustomerInfoQuery, CustomerInfoQueryVariables>(/* GraphQL */ `
  query CustomerInfo {
    customerInfo {
      ...CustomerInfoFields
    }
  }
  ${CUSTOMER_INFO_FIELDS}
`);

// The shapes the screens use, as generated from the selections above (src/lib/graphqlTypes.generated.ts).
export type CustomerInfo = CustomerInfoFieldsFragment;
/** `role` as the server reports it (shell §4 reading A): 0 admin, 1 senior, 2 junior, 3 super admin, 5 custom, 99 individual. */
export type UserInfo = CustomerInfo['userInfo'];
export type Permission = CustomerInfo['permissions'][number];
/**
 * `rejectionReason`: why staff rejected the application (status 2); empty otherwise. `id`/`companyName` are the unit
 * the user acts for now, `homeCompanyId`/`homeCompanyName` their own company (issue 40: they differ while a
 * department's admin acts for one of its labs).
 */
export type CompanyInfo = NonNullable<CustomerInfo['companyInfo']>;
/** shell §3 masquerade company: the company a super admin acts as in this session. */
export type MasqueradeCompany = MasqueradeCompanyFieldsFragment;
/** What the server says about the account's state: the pending tips and the convert link (shell §4, §8). */
export type AccountStatus = NonNullable<CustomerInfo['accountStatus']>;

/** shell §4 company status: pending 0, approved 1, rejected 2, inactive 3, deleted 4. */
export const COMPANY_STATUS = { pending: 0, approved: 1, rejected: 2, inactive: 3, deleted: 4 } as const;

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
