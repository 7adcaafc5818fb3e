import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { graphqlOperation } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import type {
  ApprovalRuleCreateMutation,
  ApprovalRuleCreateMutationVariables,
  ApprovalRuleDeleteMutation,
  ApprovalRuleDeleteMutationVariables,
  ApprovalRuleFieldsFragment,
  ApprovalRuleInput,
  ApprovalRuleUpdateMutation,
  ApprovalRuleUpdateMutationVariables,
  ApprovalRulesQuery,
  ApprovalRulesQueryVariables,
  ApprovalTierInput,
} from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

export type { ApprovalRuleInput, ApprovalTierInput };

// api.md "Approvals", rules (manage_approvals level 2): approvalRules(first, offset, companyId) lists the rules of the
// unit acted for and the units below it, and those of the units above it read-only (isInherited, canEdit false); a
// unit's rule may replace one it inherits (replacesId). approvalRuleCreate / Update / Delete write one in reach.

export const APPROVAL_RULE_FIELDS = /* GraphQL */ `
  fragment ApprovalRuleFields on ApprovalRule {
    id
    companyId
    companyName
    name
    isActive
    isInherited
    canEdit
    replacesId
    replacesName
    minTotal
    currencyCode
    costCentre
    categoryId
    categoryName
    offPriceList
    minLines
    buyerRoles
    overBudget
    allowOverride
    tiers {
      position
      role
      levelsUp
      userIds
      userNames
      label
    }
  }
`;

export const APPROVAL_RULES = graphqlOperation<ApprovalRulesQuery, ApprovalRulesQueryVariables>(/* GraphQL */ `
  query ApprovalRules($first: Int!, $offset: Int!, $companyId: Int) {
    approvalRules(first: $first, offset: $offset, companyId: $companyId) {
      totalCount
      edges {
        node {
          ...ApprovalRuleFields
        }
      }
    }
  }
  ${APPROVAL_RULE_FIELDS}
`);

export const APPROVAL_RULE_CREATE = graphqlOperation<ApprovalRuleCreateMutation, ApprovalRuleCreateMutationVariables>(/* GraphQL */ `
  mutation ApprovalRuleCreate($ruleData: ApprovalRuleInput!) {
    approvalRuleCreate(ruleData: $ruleData) {
      ...ApprovalRuleFields
    }
  }
  ${APPROVAL_RULE_FIELDS}
`);

export const APPROVAL_RULE_UPDATE = graphqlOperation<ApprovalRuleUpdateMutation, ApprovalRuleUpdateMutationVariables>(/* GraphQL */ `
  mutation ApprovalRuleUpdate($id: Int!, $ruleData: ApprovalRuleInput!) {
    approvalRuleUpdate(id: $id, ruleData: $ruleData) {
      ...ApprovalRuleFields
    }
  }
  ${APPROVAL_RULE_FIELDS}
`);

export const APPROVAL_RULE_DELETE = graphqlOperation<ApprovalRuleDeleteMutation, ApprovalRuleDeleteMutationVariables>(/* GraphQL */ `
  mutation ApprovalRuleDelete($id: Int!) {
    approvalRuleDelete(id: $id)
  }
`);

export type ApprovalRule = ApprovalRuleFieldsFragment;
export type ApprovalRuleTier = ApprovalRule['tiers'][number];

export interface ApprovalRulesVariables {
  first: number;
  offset: number;
  companyId: number | null;
}

export interface ApprovalRulesPage {
  totalCount: number;
  rules: ApprovalRule[];
}

export const APPROVAL_RULES_QUERY_KEY = [USER_QUERY_SCOPE, 'approvalRules'] as const;

export function useApprovalRules(variables: ApprovalRulesVariables, { enabled = true }: { enabled?: boolean } = {}) {
  const client = useGraphQLClient();
  return useQuery({
    queryKey: [...APPROVAL_RULES_QUERY_KEY, variables] as const,
    queryFn: async ({ signal }): Promise<ApprovalRulesPage> => {
      const { approvalRules } = await client.request(APPROVAL_RULES, variables, { signal, suppressErrorToast: true });
      return { totalCount: approvalRules.totalCount, rules: approvalRules.edges.map((edge) => edge.node) };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRulesChanged() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: APPROVAL_RULES_QUERY_KEY });
}

/** Saves a rule: a new one (id null) or a change; the dialog shows a refusal in place (no toast). */
export function useApprovalRuleSave() {
  const client = useGraphQLClient();
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: ({ id, ruleData }: { id: number | null; ruleData: ApprovalRuleInput }) =>
      id === null
        ? client.request(APPROVAL_RULE_CREATE, { ruleData }, { suppressErrorToast: true }).then((data) => data.approvalRuleCreate)
        : client.request(APPROVAL_RULE_UPDATE, { id, ruleData }, { suppressErrorToast: true }).then((data) => data.approvalRuleUpdate),
    onSuccess: () => changed(),
  });
}

export function useApprovalRuleDelete() {
  const client = useGraphQLClient();
  const changed = useRulesChanged();
  return useMutation({
    mutationFn: (id: number) => client.request(APPROVAL_RULE_DELETE, { id }, { suppressErrorToast: true }).then((data) => data.approvalRuleDelete),
    onSuccess: () => changed(),
  });
}
