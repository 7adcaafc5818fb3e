import { graphqlOperation } from '../../../lib/graphql';
import type {
  OrderAddToQuoteMutation,
  OrderAddToQuoteMutationVariables,
  OrderReorderMutation,
  OrderReorderMutationVariables,
} from '../../../lib/graphqlTypes.generated';

// api.md "Orders": orderReorder puts an order's lines into the caller's storefront cart at today's prices,
// orderAddToQuote into their quote draft. lineIds null (or empty) means every line; each line is tried on its own,
// and the answer says which were added and why the others were not (`code`, translated by the overlay).

const ORDER_LINES_TRANSFER_FIELDS = /* GraphQL */ `
  fragment OrderLinesTransferFields on OrderLinesTransfer {
    cartEntityId
    added { orderLineId sku name quantity code reason }
    notAdded { orderLineId sku name quantity code reason }
  }
`;

export const ORDER_REORDER = graphqlOperation<OrderReorderMutation, OrderReorderMutationVariables>(/* GraphQL */ `
  mutation OrderReorder($id: ID!, $lineIds: [ID!]) {
    orderReorder(id: $id, lineIds: $lineIds) {
      ...OrderLinesTransferFields
    }
  }
  ${ORDER_LINES_TRANSFER_FIELDS}
`);

export const ORDER_ADD_TO_QUOTE = graphqlOperation<OrderAddToQuoteMutation, OrderAddToQuoteMutationVariables>(/* GraphQL */ `
  mutation OrderAddToQuote($id: ID!, $lineIds: [ID!]) {
    orderAddToQuote(id: $id, lineIds: $lineIds) {
      ...OrderLinesTransferFields
    }
  }
  ${ORDER_LINES_TRANSFER_FIELDS}
`);

/** Where the lines went: the storefront cart (Reorder) or the quote draft (Add to quote). */
export type TransferTarget = 'cart' | 'quote';

export type OrderLinesTransfer = OrderReorderMutation['orderReorder'];
export type OrderLineTransferItem = OrderLinesTransfer['added'][number];
