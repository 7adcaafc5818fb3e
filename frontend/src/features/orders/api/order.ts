import { graphqlOperation } from '../../../lib/graphql';
import type { OrderQuery, OrderQueryVariables } from '../../../lib/graphqlTypes.generated';
import { USER_QUERY_SCOPE } from '../../../lib/session';

// An order with everything its page shows (docs/api.md "Orders"). `id` is the order number. Amounts are decimal
// strings in the order's currency; dates are ISO strings. The document links (safety data sheets, certificates)
// are signed for a few minutes: the page reloads the order before following an old one.

const ORDER_ADDRESS_FIELDS = /* GraphQL */ `
  fragment OrderAddressFields on OrderAddress {
    lines
    phone
    email
  }
`;

export const ORDER = graphqlOperation<OrderQuery, OrderQueryVariables>(/* GraphQL */ `
  query Order($id: ID!) {
    order(id: $id) {
      id
      number
      poNumber
      status
      statusLabel
      placedBy { id name email }
      createdAt
      updatedAt
      currencyCode
      customerMessage
      paymentMethod
      paymentMethodLabel
      paymentState
      paymentStateLabel
      billingAddress { ...OrderAddressFields }
      shippingAddress { ...OrderAddressFields }
      subtotal
      shippingTotal
      taxTotal
      grandTotal
      itemCount
      lineCount
      lines {
        id
        productId
        variantId
        sku
        name
        options { name value }
        quantity
        unitPrice
        unitTax
        lineTotal
        lineTax
        shippedQuantity
        unshippedQuantity
        productUrl
        imageUrl
        safetyDataSheetUrl
      }
      shipments {
        id
        carrier
        trackingNumber
        trackingUrl
        courierName
        shippedAt
        comment
        lines { id orderLineId sku name quantity lotNumber lotExpiresOn certificateUrl }
      }
      canReorder
      canAddToQuote
    }
  }
  ${ORDER_ADDRESS_FIELDS}
`);

export type OrderDetail = OrderQuery['order'];
export type OrderLine = OrderDetail['lines'][number];
export type OrderAddress = OrderDetail['billingAddress'];
export type OrderShipment = OrderDetail['shipments'][number];
export type OrderShipmentLine = OrderShipment['lines'][number];

/** An order's page data (the user's data: dropped when the user changes). */
export function orderQueryKey(id: string) {
  return [USER_QUERY_SCOPE, 'order', id] as const;
}
