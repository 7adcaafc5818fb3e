import { graphqlOperation } from '../../../lib/graphql';
import type { PurchaseRequestResubmitMutation, PurchaseRequestResubmitMutationVariables } from '../../../lib/graphqlTypes.generated';

// api.md "Approvals", Change and resubmit: the requester of a rejected, withdrawn or expired request gets its lines
// in their storefront cart at today's prices (as orderReorder does); the next checkout submits it again. The answer
// says where the checkout is, how many lines went in and which could not (`notAdded`: the server's lines).

export const PURCHASE_REQUEST_RESUBMIT = graphqlOperation<PurchaseRequestResubmitMutation, PurchaseRequestResubmitMutationVariables>(/* GraphQL */ `
  mutation PurchaseRequestResubmit($id: Int!) {
    purchaseRequestResubmit(id: $id) {
      cartId
      checkoutUrl
      addedCount
      notAdded
    }
  }
`);

export type PurchaseRequestResubmitResult = PurchaseRequestResubmitMutation['purchaseRequestResubmit'];
