import { graphqlOperation } from '../../../lib/graphql';
import type {
  ShoppingListApproveMutation,
  ShoppingListApproveMutationVariables,
  ShoppingListRejectMutation,
  ShoppingListRejectMutationVariables,
  ShoppingListSubmitForApprovalMutation,
  ShoppingListSubmitForApprovalMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// The approval of a company's lists (ARCHITECTURE §8): a draft (30) or rejected (50) list is submitted for approval
// (40); a holder of approve_draft_shopping_list approves it (0) or rejects it with a reason (50) its maker sees.

export const SHOPPING_LIST_SUBMIT_FOR_APPROVAL = graphqlOperation<
  ShoppingListSubmitForApprovalMutation,
  ShoppingListSubmitForApprovalMutationVariables
>(/* GraphQL */ `
  mutation ShoppingListSubmitForApproval($id: Int!) {
    shoppingListSubmitForApproval(id: $id) {
      shoppingList { id status }
    }
  }
`);

export const SHOPPING_LIST_APPROVE = graphqlOperation<ShoppingListApproveMutation, ShoppingListApproveMutationVariables>(/* GraphQL */ `
  mutation ShoppingListApprove($id: Int!) {
    shoppingListApprove(id: $id) {
      shoppingList { id status }
    }
  }
`);

/** `reason` 1–1,000 characters (VALIDATION_ERROR reason: required, max_length). */
export const SHOPPING_LIST_REJECT = graphqlOperation<ShoppingListRejectMutation, ShoppingListRejectMutationVariables>(/* GraphQL */ `
  mutation ShoppingListReject($id: Int!, $reason: String!) {
    shoppingListReject(id: $id, reason: $reason) {
      shoppingList { id status }
    }
  }
`);

export const MAX_REJECTION_REASON_LENGTH = 1000;
