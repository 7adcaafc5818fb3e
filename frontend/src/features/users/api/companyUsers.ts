import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { CompanyUsersQuery, CompanyUsersQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// api.md "User management": users(first, offset, search, role, customRoleId, orderBy, companyId) — orderBy is required;
// companyId (issue 40) narrows a list that spans the units below the caller's to one of them.

export const USER_ORDER_FIELDS = ['firstName', 'lastName', 'email', 'role', 'createdAt'] as const;
export type UserOrderField = (typeof USER_ORDER_FIELDS)[number];
export type UserOrderBy = UserOrderField | `-${UserOrderField}`;

/** The server refuses longer searches. */
export const MAX_USER_SEARCH_LENGTH = 100;

/** The selection every operation returning a company user uses, so that the list's cache keeps one shape. */
export const COMPANY_USER_FIELDS = /* GraphQL */ `
  fragment CompanyUserFields on CompanyUser {
    id
    email
    firstName
    lastName
    phoneNumber
    role
    customRoleId
    companyRoleName
    extraFields {
      fieldName
      fieldValue
    }
    invitationPending
    createdAt
    companyId
    companyName
  }
`;

export const COMPANY_USERS = graphqlOperation<CompanyUsersQuery, CompanyUsersQueryVariables>(/* GraphQL */ `
  query CompanyUsers($first: Int!, $offset: Int!, $search: String, $role: Int, $customRoleId: Int, $orderBy: String!, $companyId: Int) {
    users(first: $first, offset: $offset, search: $search, role: $role, customRoleId: $customRoleId, orderBy: $orderBy, companyId: $companyId) {
      totalCount
      edges {
        node {
          ...CompanyUserFields
        }
      }
    }
  }
  ${COMPANY_USER_FIELDS}
`);

/** A user of the caller's company, as the list and the dialog show it. */
export type CompanyUser = CompanyUsersQuery['users']['edges'][number]['node'];

/** The list page's parameters (its URL state), sent as the query's variables. */
export interface CompanyUsersVariables {
  first: number;
  offset: number;
  search: string | null;
  /** 0 admin, 1 senior buyer, 2 junior buyer, 5 custom role (with customRoleId: that one). */
  role: number | null;
  customRoleId: number | null;
  orderBy: UserOrderBy;
  /** Issue 40: one unit of a list that spans units; null: all of them (or a list that spans none). */
  companyId: number | null;
}

export interface CompanyUsersPage {
  totalCount: number;
  users: CompanyUser[];
}

/** Every cached page of the users list (the signed-in user's data: dropped when the user changes). */
export const COMPANY_USERS_QUERY_KEY = [USER_QUERY_SCOPE, 'companyUsers'] as const;

/** One page of the company's users; the page shown stays while the next one loads. */
export function useCompanyUsers(variables: CompanyUsersVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...COMPANY_USERS_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<CompanyUsersPage> => {
      // The page shows a failure in place, with a retry: no toast on top of it.
      const { users } = await client.request(COMPANY_USERS, variables, { signal, suppressErrorToast: true });
      return { totalCount: users.totalCount, users: users.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}
