// The selections of a purchase request (api.md "Approvals", issue 41): the lists' row, and everything its page
// shows, which every decision answers with, so that the page's cache keeps one shape.

/** A request as the lists show it. `grandTotal` is a decimal string in `currencyCode`. */
export const PURCHASE_REQUEST_ROW_FIELDS = /* GraphQL */ `
  fragment PurchaseRequestRowFields on PurchaseRequest {
    id
    status
    companyId
    companyName
    requestedByName
    requestedByEmail
    createdAt
    currencyCode
    grandTotal
    costCentre
    lineCount
    currentTierLabel
  }
`;

/** A request with its lines, reasons, tiers and what the caller may do with it. */
export const PURCHASE_REQUEST_FIELDS = /* GraphQL */ `
  fragment PurchaseRequestFields on PurchaseRequest {
    id
    status
    companyId
    companyName
    requestedById
    requestedByName
    requestedByEmail
    createdAt
    decidedAt
    pricesHeldUntil
    currencyCode
    subtotal
    taxTotal
    shippingTotal
    grandTotal
    costCentre
    poNumber
    paymentMethod
    lineCount
    lines {
      sku
      name
      quantity
      unitPrice
      lineTotal
      options { name value }
    }
    tiers {
      position
      label
      ruleName
      state
      decidedBy
      decidedAt
      reason
      via
    }
    currentTier
    currentTierLabel
    reasons {
      kind
      name
      conditions
      amount
      remaining
      currencyCode
    }
    orderId
    orderNumber
    rejectionReason
    resubmittedFromId
    canApprove
    canReject
    canOverride
    canWithdraw
    canResubmit
  }
`;
