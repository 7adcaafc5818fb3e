import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  SuperAdminCompaniesQuery,
  SuperAdminCompaniesQueryVariables,
  SuperAdminCreateUnitMutation,
  SuperAdminCreateUnitMutationVariables,
  SuperAdminMoveCompanyMutation,
  SuperAdminMoveCompanyMutationVariables,
} from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// shell §7 superAdminCompanies(superAdminId, first, offset, q, orderBy): orderBy is required (shell §5). Issue 40: each
// row says where the company sits in its company tree, `tree` orders each unit right after the unit above it, and the
// super admin adds units and moves them.

export type SuperAdminCompany = SuperAdminCompaniesQuery['superAdminCompanies']['edges'][number]['node'];

export type CompanyOrderField = 'companyName' | 'companyEmail' | 'tree';
export type CompanyOrderBy = CompanyOrderField | `-${CompanyOrderField}`;

/** The page's list parameters (its URL state), sent as the query's variables. */
export interface CompanyListParams {
  superAdminId: number;
  first: number;
  offset: number;
  q: string;
  orderBy: CompanyOrderBy;
}

/** A company as the dashboard shows it, the same from the list and from the tree's mutations. */
const SUPER_ADMIN_COMPANY_FIELDS = /* GraphQL */ `
  fragment SuperAdminCompanyFields on SuperAdminCompany {
    companyId
    id
    companyName
    companyEmail
    status
    isAgenting
    parentId
    parentName
    depth
  }
`;

export const SUPER_ADMIN_COMPANIES = graphqlOperation<SuperAdminCompaniesQuery, SuperAdminCompaniesQueryVariables>(/* GraphQL */ `
  query SuperAdminCompanies($superAdminId: Int, $first: Int!, $offset: Int!, $q: String!, $orderBy: String) {
    superAdminCompanies(superAdminId: $superAdminId, first: $first, offset: $offset, q: $q, orderBy: $orderBy) {
      totalCount
      edges {
        node {
          ...SuperAdminCompanyFields
        }
      }
    }
  }
  ${SUPER_ADMIN_COMPANY_FIELDS}
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

export const SUPER_ADMIN_CREATE_UNIT = graphqlOperation<SuperAdminCreateUnitMutation, SuperAdminCreateUnitMutationVariables>(/* GraphQL */ `
  mutation SuperAdminCreateUnit($parentId: Int!, $companyName: String!) {
    superAdminCreateUnit(parentId: $parentId, companyName: $companyName) {
      ...SuperAdminCompanyFields
    }
  }
  ${SUPER_ADMIN_COMPANY_FIELDS}
`);

export const SUPER_ADMIN_MOVE_COMPANY = graphqlOperation<SuperAdminMoveCompanyMutation, SuperAdminMoveCompanyMutationVariables>(/* GraphQL */ `
  mutation SuperAdminMoveCompany($companyId: Int!, $parentId: Int) {
    superAdminMoveCompany(companyId: $companyId, parentId: $parentId) {
      ...SuperAdminCompanyFields
    }
  }
  ${SUPER_ADMIN_COMPANY_FIELDS}
`);

/** Add a unit below a company; the list is read again once it is done, refused or not. Field errors are the form's. */
export function useCreateUnit() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SuperAdminCreateUnitMutationVariables) =>
      client.request(SUPER_ADMIN_CREATE_UNIT, variables, { suppressErrorToast: true }).then((data) => data.superAdminCreateUnit),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPER_ADMIN_COMPANIES_KEY }),
  });
}

/** Place a company below another (or at the top: parentId null) with its units and history. */
export function useMoveCompany() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SuperAdminMoveCompanyMutationVariables) =>
      client.request(SUPER_ADMIN_MOVE_COMPANY, variables, { suppressErrorToast: true }).then((data) => data.superAdminMoveCompany),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUPER_ADMIN_COMPANIES_KEY }),
  });
}
