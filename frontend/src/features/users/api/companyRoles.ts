import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type { CompanyRolesQuery, CompanyRolesQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// api.md "User management": the built-in roles, then the store's custom roles, each with whether the caller may
// give it (`grantable`).

export const COMPANY_ROLES = graphqlOperation<CompanyRolesQuery, CompanyRolesQueryVariables>(/* GraphQL */ `
  query CompanyRoles {
    companyRoles {
      role
      customRoleId
      name
      grantable
    }
  }
`);

export type CompanyRole = CompanyRolesQuery['companyRoles'][number];

export const COMPANY_ROLES_QUERY_KEY = [USER_QUERY_SCOPE, 'companyRoles'] as const;

/** The roles of the role filter and the role picker. */
export function useCompanyRoles() {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: COMPANY_ROLES_QUERY_KEY,
    queryFn: ({ signal }) =>
      client.request(COMPANY_ROLES, {}, { signal, suppressErrorToast: true }).then((data) => data.companyRoles),
    staleTime: 5 * 60 * 1000,
  });
}
