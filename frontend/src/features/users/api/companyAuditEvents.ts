import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { CompanyAuditEventsQuery, CompanyAuditEventsQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// api.md "User management", Audit: the company's whole log, newest first, for its admin (role 0, not a masquerading
// super admin). Issue 40: of the unit acted for and the units below it, each event with its unit; `companyId` narrows
// to one of them.

export const COMPANY_AUDIT_EVENTS = graphqlOperation<CompanyAuditEventsQuery, CompanyAuditEventsQueryVariables>(/* GraphQL */ `
  query CompanyAuditEvents($first: Int!, $offset: Int!, $companyId: Int) {
    companyAuditEvents(first: $first, offset: $offset, companyId: $companyId) {
      totalCount
      edges {
        id
        action
        summary
        actorEmail
        byMasquerade
        createdAt
        companyId
        companyName
      }
    }
  }
`);

export type CompanyAuditEventsPage = CompanyAuditEventsQuery['companyAuditEvents'];
export type CompanyAuditEvent = CompanyAuditEventsPage['edges'][number];

export const COMPANY_AUDIT_EVENTS_QUERY_KEY = [USER_QUERY_SCOPE, 'companyAuditEvents'] as const;

export function useCompanyAuditEvents(variables: CompanyAuditEventsQueryVariables, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...COMPANY_AUDIT_EVENTS_QUERY_KEY, variables] as const,
    queryFn: ({ signal }): Promise<CompanyAuditEventsPage> =>
      client
        .request(COMPANY_AUDIT_EVENTS, variables, { signal, suppressErrorToast: true })
        .then((data) => data.companyAuditEvents),
    placeholderData: keepPreviousData,
    enabled,
  });
}
