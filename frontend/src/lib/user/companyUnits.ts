import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { graphqlOperation, type GraphQLClient } from '../graphql';
import { useGraphQLClient } from '../GraphQLClientProvider';
import type { ActForUnitMutation, ActForUnitMutationVariables, CompanyUnitsQuery, CompanyUnitsQueryVariables } from '../graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../session';
import { rememberCustomer } from '../sessionLifecycle';
import { CUSTOMER_INFO_FIELDS, CUSTOMER_INFO_QUERY_KEY, type CustomerInfo } from './customerInfo';

// Issue 40: a parent company's admin acts for a unit below it ("act for Organic Synthesis Lab") and back. The
// server keeps the acting unit (every session of theirs and the storefront follow); the overlay swaps what it shows
// in place, never reloading the page nor unmounting the route (no blank screen, no lost form input).

export const COMPANY_UNITS = graphqlOperation<CompanyUnitsQuery, CompanyUnitsQueryVariables>(/* GraphQL */ `
  query CompanyUnits {
    companyUnits {
      id
      companyName
      parentId
      depth
      isActing
      isHome
    }
  }
`);

export const ACT_FOR_UNIT = graphqlOperation<ActForUnitMutation, ActForUnitMutationVariables>(/* GraphQL */ `
  mutation ActForUnit($companyId: Int) {
    actForUnit(companyId: $companyId) {
      ...CustomerInfoFields
    }
  }
  ${CUSTOMER_INFO_FIELDS}
`);

/** A unit of the caller's tree, in tree order; `depth` counts the levels below their own company (0). */
export type CompanyUnit = CompanyUnitsQuery['companyUnits'][number];

export const COMPANY_UNITS_QUERY_KEY = [USER_QUERY_SCOPE, 'companyUnits'] as const;

export function companyUnitsQueryOptions(client: GraphQLClient) {
  return queryOptions({
    queryKey: COMPANY_UNITS_QUERY_KEY,
    queryFn: ({ signal }) => client.request(COMPANY_UNITS, {}, { signal }).then((data) => data.companyUnits),
    // The tree changes when staff move a unit: rarely. A refused switch asks again (useActForUnit).
    staleTime: 5 * 60 * 1000,
  });
}

/** The units the signed-in user may act for (asked only when `enabled`: the user can switch, or a list spans units). */
export function useCompanyUnits({ enabled }: { enabled: boolean }) {
  const client = useGraphQLClient();
  return useQuery({ ...companyUnitsQueryOptions(client), enabled });
}

/**
 * Each unit with the names of the units above it, up to the user's own company (for a search result out of its
 * place in the tree: "Organic Synthesis Lab" in "Northfield University › Chemistry").
 */
export function unitAncestry(units: readonly CompanyUnit[]): Map<number, string[]> {
  const byId = new Map(units.map((unit) => [unit.id, unit]));
  const ancestry = new Map<number, string[]>();
  for (const unit of units) {
    const names: string[] = [];
    const seen = new Set<number>([unit.id]);
    let parent = unit.parentId === null ? undefined : byId.get(unit.parentId);
    while (parent && !seen.has(parent.id)) {
      names.unshift(parent.companyName);
      seen.add(parent.id);
      parent = parent.parentId === null ? undefined : byId.get(parent.parentId);
    }
    ancestry.set(unit.id, names);
  }
  return ancestry;
}

/**
 * Whether a cached query holds data of the company acted for: every query of the signed-in user (its orders,
 * quotes, lists, users, addresses, drafts) and the catalog's, whose prices are the company's. The customer itself is
 * set from the mutation's answer, and the store-wide ones (store info, configs, currencies) do not change.
 */
function dependsOnCompany(queryKey: readonly unknown[]): boolean {
  if (queryKey[0] === USER_QUERY_SCOPE) return queryKey[1] !== CUSTOMER_INFO_QUERY_KEY[1] && queryKey[1] !== COMPANY_UNITS_QUERY_KEY[1];
  return queryKey[0] === 'productSearch' || queryKey[0] === 'productOptions';
}

/**
 * The switch as the overlay applies it: the customer in the cache is the mutation's answer (the header, menu and
 * gates follow at once), the unit list marks the new unit, and every query of the company's data is invalidated —
 * those on screen load again while still showing what they had (their lists under a progress bar), the others when
 * next opened. Nothing is removed, so no page goes blank.
 */
export function applyUnitSwitch(queryClient: QueryClient, customer: CustomerInfo): void {
  queryClient.setQueryData(CUSTOMER_INFO_QUERY_KEY, customer);
  rememberCustomer(customer);
  const actingId = customer.companyInfo?.id;
  queryClient.setQueryData<CompanyUnit[]>(COMPANY_UNITS_QUERY_KEY, (units) => units?.map((unit) => ({ ...unit, isActing: unit.id === actingId })));
  void queryClient.invalidateQueries({ predicate: (query) => dependsOnCompany(query.queryKey) });
}

/**
 * `actForUnit`: act for a unit below the user's company, or for their own again (null). Errors are the caller's to
 * show (NOT_FOUND: a unit out of reach, or gone); on one, nothing changes but the unit list, which is asked again.
 */
export function useActForUnit() {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number | null) =>
      client.request(ACT_FOR_UNIT, { companyId }, { suppressErrorToast: true }).then((data) => data.actForUnit),
    onSuccess: (customer) => applyUnitSwitch(queryClient, customer),
    onError: () => void queryClient.invalidateQueries({ queryKey: COMPANY_UNITS_QUERY_KEY }),
  });
}
