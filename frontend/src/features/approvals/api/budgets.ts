import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  BudgetCreateMutation,
  BudgetCreateMutationVariables,
  BudgetDeleteMutation,
  BudgetDeleteMutationVariables,
  BudgetFieldsFragment,
  BudgetInput,
  BudgetUpdateMutation,
  BudgetUpdateMutationVariables,
  BudgetsQuery,
  BudgetsQueryVariables,
} from '../../../lib/graphqlTypes.generated';
import { BUDGET_STATUS_QUERY_KEY } from '../../../lib/budgetStatus';
import { USER_QUERY_SCOPE } from '../../../lib/session';

export type { BudgetInput };

// api.md "Approvals", budgets (manage_approvals level 2): budgets(first, offset, companyId) lists the budgets of the
// unit acted for and the units below it, and those of the units above it read-only (isInherited, canEdit false);
// budgetCreate / budgetUpdate / budgetDelete write one of a unit in reach (NOT_FOUND outside it).

export const BUDGET_PERIODS = ['month', 'quarter', 'year', 'grant'] as const;
export type BudgetPeriod = (typeof BUDGET_PERIODS)[number];

export function isBudgetPeriod(value: string): value is BudgetPeriod {
  return (BUDGET_PERIODS as readonly string[]).includes(value);
}

export const BUDGET_FIELDS = /* GraphQL */ `
  fragment BudgetFields on Budget {
    id
    companyId
    companyName
    name
    costCentre
    userId
    userEmail
    amount
    currencyCode
    period
    startsOn
    endsOn
    hard
    isActive
    committed
    spent
    remaining
    isOpen
    periodStart
    periodEnd
    isInherited
    canEdit
  }
`;

export const BUDGETS = graphqlOperation<BudgetsQuery, BudgetsQueryVariables>(/* GraphQL */ `
  query Budgets($first: Int!, $offset: Int!, $companyId: Int) {
    budgets(first: $first, offset: $offset, companyId: $companyId) {
      totalCount
      edges {
        node {
          ...BudgetFields
        }
      }
    }
  }
  ${BUDGET_FIELDS}
`);

export const BUDGET_CREATE = graphqlOperation<BudgetCreateMutation, BudgetCreateMutationVariables>(/* GraphQL */ `
  mutation BudgetCreate($budgetData: BudgetInput!) {
    budgetCreate(budgetData: $budgetData) {
      ...BudgetFields
    }
  }
  ${BUDGET_FIELDS}
`);

export const BUDGET_UPDATE = graphqlOperation<BudgetUpdateMutation, BudgetUpdateMutationVariables>(/* GraphQL */ `
  mutation BudgetUpdate($id: Int!, $budgetData: BudgetInput!) {
    budgetUpdate(id: $id, budgetData: $budgetData) {
      ...BudgetFields
    }
  }
  ${BUDGET_FIELDS}
`);

export const BUDGET_DELETE = graphqlOperation<BudgetDeleteMutation, BudgetDeleteMutationVariables>(/* GraphQL */ `
  mutation BudgetDelete($id: Int!) {
    budgetDelete(id: $id)
  }
`);

/** A budget with what its period has committed, spent and left (decimal strings in `currencyCode`). */
export type Budget = BudgetFieldsFragment;

export interface BudgetsVariables {
  first: number;
  offset: number;
  companyId: number | null;
}

export interface BudgetsPage {
  totalCount: number;
  budgets: Budget[];
}

export const BUDGETS_QUERY_KEY = [USER_QUERY_SCOPE, 'budgets'] as const;

export function useBudgets(variables: BudgetsVariables) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...BUDGETS_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<BudgetsPage> => {
      const { budgets } = await client.request(BUDGETS, variables, { signal, suppressErrorToast: true });
      return { totalCount: budgets.totalCount, budgets: budgets.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
  });
}

/** After a budget changed: the lists, and what the pages' budget panels show, are asked for again. */
function useBudgetsChanged() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: BUDGETS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BUDGET_STATUS_QUERY_KEY });
  };
}

/** Saves a budget: a new one (id null) or a change; the dialog shows a refusal in place (no toast). */
export function useBudgetSave() {
  const client = useGraphQLClient();
  const changed = useBudgetsChanged();
  return useMutation({
    mutationFn: ({ id, budgetData }: { id: number | null; budgetData: BudgetInput }) =>
      id === null
        ? client.request(BUDGET_CREATE, { budgetData }, { suppressErrorToast: true }).then((data) => data.budgetCreate)
        : client.request(BUDGET_UPDATE, { id, budgetData }, { suppressErrorToast: true }).then((data) => data.budgetUpdate),
    onSuccess: () => changed(),
  });
}

export function useBudgetDelete() {
  const client = useGraphQLClient();
  const changed = useBudgetsChanged();
  return useMutation({
    mutationFn: (id: number) => client.request(BUDGET_DELETE, { id }, { suppressErrorToast: true }).then((data) => data.budgetDelete),
    onSuccess: () => changed(),
  });
}
