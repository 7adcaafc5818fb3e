import { graphqlOperation } from '../../../lib/graphql';
import type {
  PurchaseRequestApproveMutation,
  PurchaseRequestApproveMutationVariables,
  PurchaseRequestOverrideMutation,
  PurchaseRequestOverrideMutationVariables,
  PurchaseRequestRejectMutation,
  PurchaseRequestRejectMutationVariables,
  PurchaseRequestWithdrawMutation,
  PurchaseRequestWithdrawMutationVariables,
} from '../../../lib/graphqlTypes.generated';
import { PURCHASE_REQUEST_FIELDS } from './purchaseRequestFields';

// api.md "Approvals": the decisions on a request, each answering with the request as it is now. Approve takes an
// optional comment; Reject and Override a reason (Reject: field error "reason" when empty; Override:
// OVERRIDE_NOT_ALLOWED unless a rule of the request allows it, written to the audit log); Withdraw is the buyer's.
// Refusals: NOT_YOUR_TURN, REQUEST_NOT_PENDING, PRICES_EXPIRED (approvals.errors).

export const PURCHASE_REQUEST_APPROVE = graphqlOperation<PurchaseRequestApproveMutation, PurchaseRequestApproveMutationVariables>(/* GraphQL */ `
  mutation PurchaseRequestApprove($id: Int!, $reason: String!) {
    purchaseRequestApprove(id: $id, reason: $reason) {
      ...PurchaseRequestFields
    }
  }
  ${PURCHASE_REQUEST_FIELDS}
`);

export const PURCHASE_REQUEST_REJECT = graphqlOperation<PurchaseRequestRejectMutation, PurchaseRequestRejectMutationVariables>(/* GraphQL */ `
  mutation PurchaseRequestReject($id: Int!, $reason: String!) {
    purchaseRequestReject(id: $id, reason: $reason) {
      ...PurchaseRequestFields
    }
  }
  ${PURCHASE_REQUEST_FIELDS}
`);

export const PURCHASE_REQUEST_OVERRIDE = graphqlOperation<PurchaseRequestOverrideMutation, PurchaseRequestOverrideMutationVariables>(/* GraphQL */ `
  mutation PurchaseRequestOverride($id: Int!, $reason: String!) {
    purchaseRequestOverride(id: $id, reason: $reason) {
      ...PurchaseRequestFields
    }
  }
  ${PURCHASE_REQUEST_FIELDS}
`);

export const PURCHASE_REQUEST_WITHDRAW = graphqlOperation<PurchaseRequestWithdrawMutation, PurchaseRequestWithdrawMutationVariables>(/* GraphQL */ `
  mutation PurchaseRequestWithdraw($id: Int!) {
    purchaseRequestWithdraw(id: $id) {
      ...PurchaseRequestFields
    }
  }
  ${PURCHASE_REQUEST_FIELDS}
`);
