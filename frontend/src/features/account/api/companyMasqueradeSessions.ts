import { useInfiniteQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { CompanyMasqueradeSessionsQuery, CompanyMasqueradeSessionsQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// Issue 5 audit log: the masquerade sessions on the caller's company (its admin only), newest first.

export const COMPANY_MASQUERADE_SESSIONS = graphqlOperation<CompanyMasqueradeSessionsQuery, CompanyMasqueradeSessionsQueryVariables>(/* GraphQL */ `
  query CompanyMasqueradeSessions($first: Int!, $offset: Int!) {
    companyMasqueradeSessions(first: $first, offset: $offset) {
      totalCount
      edges {
        node {
          id
          superAdminName
          superAdminEmail
          beganAt
          endedAt
          isActive
          eventCount
          events {
            id
            action
            summary
            createdAt
          }
        }
      }
    }
  }
`);

export type MasqueradeSession = CompanyMasqueradeSessionsQuery['companyMasqueradeSessions']['edges'][number]['node'];

export const SESSIONS_PAGE = 10;

export function useCompanyMasqueradeSessions(enabled: boolean) {
  const client = useGraphQLClient();
  return useInfiniteQuery({
    queryKey: [USER_QUERY_SCOPE, 'companyMasqueradeSessions'] as const,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      client
        .request(COMPANY_MASQUERADE_SESSIONS, { first: SESSIONS_PAGE, offset: pageParam }, { signal })
        .then((data) => data.companyMasqueradeSessions),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.edges.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
    enabled,
  });
}
