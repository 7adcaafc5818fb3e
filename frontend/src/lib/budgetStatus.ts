import { useQuery } from '@tanstack/react-query';

import { graphqlOperation } from './graphql';
import { useGraphQLClient } from './GraphQLClientProvider';
import type { BudgetStatusQuery, BudgetStatusQueryVariables } from './graphqlTypes.generated';
import { USER_QUERY_SCOPE } from './session';

// Issue 41, budget in view: budgetStatus(costCentre, amount, currencyCode) — the budgets an order of the caller on
// that cost centre ('' for none: the budgets of every code) for that amount would draw on, each with what is left and
// what the order would leave. Shared by the pages that show an order-to-be (quotes, shopping lists) and approvals.

export const BUDGET_STATUS = graphqlOperation<BudgetStatusQuery, BudgetStatusQueryVariables>(/* GraphQL */ `
  query BudgetStatus($costCentre: String!, $amount: String!, $currencyCode: String!) {
    budgetStatus(costCentre: $costCentre, amount: $amount, currencyCode: $currencyCode) {
      budgetId
      name
      currencyCode
      amount
      committed
      spent
      remaining
      thisOrder
      leftAfter
      exceeds
      hard
      isOpen
    }
  }
`);

/** A budget as an order-to-be would find it: amounts are decimal strings in the budget's currency. */
export type BudgetStatus = BudgetStatusQuery['budgetStatus'][number];

/** Every cached answer (the user's data: dropped when the user changes); a budget's change asks again. */
export const BUDGET_STATUS_QUERY_KEY = [USER_QUERY_SCOPE, 'budgetStatus'] as const;

export interface BudgetStatusVariables {
  costCentre: string;
  amount: string;
  currencyCode: string;
}

/** The budgets an order would draw on; nothing is asked while `enabled` is false (no company user, no amount). */
export function useBudgetStatus(variables: BudgetStatusVariables, enabled: boolean) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...BUDGET_STATUS_QUERY_KEY, variables] as const,
    // The panel shows a failure in place: no toast over the page it sits on.
    queryFn: ({ signal }) => client.request(BUDGET_STATUS, variables, { signal, suppressErrorToast: true }).then((data) => data.budgetStatus),
    enabled,
  });
}
