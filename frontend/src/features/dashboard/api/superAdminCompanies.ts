import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { SuperAdminCompaniesQuery, SuperAdminCompaniesQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// shell §7 superAdminCompanies(superAdminId, first, offset, q, orderBy): orderBy is required (shell §5).

export type SuperAdminCompany = SuperAdminCompaniesQuery['superAdminCompanies']['edges'][number]['node'];

export type CompanyOrderField = 'companyName' | 'companyEmail';
export type CompanyOrderBy = CompanyOrderField | `-${CompanyOrderField}`;

/** The page's list parameters (its URL state), sent as the query's variables. */
export interface CompanyListParams {
  superAdminId: number;
  first: number;
  offset: number;
  q: string;
  orderBy: CompanyOrderBy;
}

export const SUPER_ADMIN_COMPANIES = graphqlOperation<SuperAdminCompaniesQuery, SuperAdminCompaniesQueryVariables>(/* GraphQL */ `
  query SuperAdminCompanies($superAdminId: Int, $first: Int!, $offset: Int!, $q: String!, $orderBy: String) {
    superAdminCompanies(superAdminId: $superAdminId, first: $first, offset: $offset, q: $q, orderBy: $orderBy) {
      totalCount
      edges {
        node {
          companyId
          id
          companyName
          companyEmail
          status
          isAgenting
        }
      }
    }
  }
`);

export const SUPER_ADMIN_COMPANIES_KEY = [USER_QUERY_SCOPE, 'superAdminCompanies'] as const;

export function useSuperAdminCompanies(params: CompanyListParams) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...SUPER_ADMIN_COMPANIES_KEY, params] as const,
    queryFn: ({ signal }) =>
      client.request(SUPER_ADMIN_COMPANIES, params, { signal }).then((data) => ({
        totalCount: data.superAdminCompanies.totalCount,
        companies: data.superAdminCompanies.edges.map((edge) => edge.node),
      })),
    // The page shown stays while the next one loads.
    placeholderData: (previous) => previous,
  });
}
