import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { ApproverUsersQuery, ApproverUsersQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// The people a tier of named approvers or a buyer's budget can name: the company's users (api.md "User management":
// users(first, offset, search, orderBy) over the units the caller reaches), searched as the manager types.

export const APPROVER_USERS = graphqlOperation<ApproverUsersQuery, ApproverUsersQueryVariables>(/* GraphQL */ `
  query ApproverUsers($first: Int!, $search: String, $orderBy: String!) {
    users(first: $first, offset: 0, search: $search, orderBy: $orderBy) {
      edges {
        node {
          id
          email
          firstName
          lastName
          companyName
        }
      }
    }
  }
`);

export type ApproverUser = ApproverUsersQuery['users']['edges'][number]['node'];

/** How many people the picker offers for what is typed. */
export const APPROVER_CHOICES = 20;
/** The server refuses longer searches. */
export const MAX_APPROVER_SEARCH_LENGTH = 100;

export function approverName(user: Pick<ApproverUser, 'firstName' | 'lastName' | 'email'>): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** The company's users matching `search` (every one, by last name, when it is empty); nothing is asked until enabled. */
export function useApproverUsers(search: string, enabled: boolean) {
  const client = useGraphQLClient();
  const text = search.trim().slice(0, MAX_APPROVER_SEARCH_LENGTH);
  return useQuery({
    queryKey: [USER_QUERY_SCOPE, 'approverUsers', text] as const,
    queryFn: ({ signal }): Promise<ApproverUser[]> =>
      client
        .request(APPROVER_USERS, { first: APPROVER_CHOICES, search: text || null, orderBy: 'lastName' }, { signal, suppressErrorToast: true })
        .then((data) => data.users.edges.map((edge) => edge.node)),
    placeholderData: keepPreviousData,
    enabled,
    staleTime: 60 * 1000,
  });
}
