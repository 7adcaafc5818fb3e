import type {
  ShoppingListCardFieldsFragment,
  ShoppingListHeaderFieldsFragment,
  ShoppingListItemFieldsFragment,
} from '../../../lib/graphqlTypes.generated';

// The shapes of docs/api.md "Shopping lists", shared by every list operation. The types are generated from these
// selections (src/lib/graphqlTypes.generated.ts); the schema's descriptions document the fields.

/** A list as the lists page shows it, with what the caller may do with it now (the server checks each again). */
export const SHOPPING_LIST_CARD_FIELDS = /* GraphQL */ `
  fragment ShoppingListCardFields on ShoppingList {
    id
    name
    description
    status
    statusLabel
    reason
    isOwner
    itemCount
    createdAt
    updatedAt
    customerInfo { userId firstName lastName email role }
    canEdit
    canAddItems
    canDelete
    canDuplicate
    companyId
    companyName
  }
`;

/** A list's page header: the list, its totals at live prices and what the caller may do with it now. */
export const SHOPPING_LIST_HEADER_FIELDS = /* GraphQL */ `
  fragment ShoppingListHeaderFields on ShoppingListDetail {
    id
    name
    description
    status
    statusLabel
    reason
    approvedFlag
    isOwner
    companyId
    itemCount
    createdAt
    updatedAt
    reviewedAt
    reviewedBy { firstName lastName email }
    customerInfo { userId firstName lastName email role }
    currencyCode
    showInclusive
    pricesHidden
    isShowGrandTotal
    subtotal
    totalTax
    grandTotal
    totalDiscount
    canEdit
    canAddItems
    canEditItems
    canDeleteItems
    canDelete
    canDuplicate
    canSubmit
    canApprove
    canAddToCart
  }
`;

/** A product of a list with its live price, the price when added, the next quantity break and the stock check. */
export const SHOPPING_LIST_ITEM_FIELDS = /* GraphQL */ `
  fragment ShoppingListItemFields on ShoppingListItem {
    id
    productId
    variantId
    quantity
    productName
    baseSku
    variantSku
    optionList
    options { optionId optionName value }
    productNote
    productUrl
    primaryImage
    basePrice
    calculatedValue
    lineTotal
    lineTotalWithTax
    priceWhenAdded
    nextTier { additionalQuantity minimum price { taxExclusive taxInclusive } }
    priceError
    priceOnRequest
    purchasable
    stockCode
    stockMessage
    updatedAt
  }
`;

export type ShoppingListCard = ShoppingListCardFieldsFragment;
export type ShoppingListHeader = ShoppingListHeaderFieldsFragment;
export type ShoppingListItem = ShoppingListItemFieldsFragment;
/** Who made a list (business §3 customerInfo); null for a list whose maker is gone. */
export type ShoppingListMaker = NonNullable<ShoppingListCard['customerInfo']>;

/** ARCHITECTURE §8 list statuses (20 deleted is never shown). */
export const SHOPPING_LIST_STATUS = { approved: 0, draft: 30, readyForApproval: 40, rejected: 50 } as const;
export type ShoppingListStatus = (typeof SHOPPING_LIST_STATUS)[keyof typeof SHOPPING_LIST_STATUS];
export const SHOPPING_LIST_STATUSES: readonly ShoppingListStatus[] = [0, 30, 40, 50];

export function isShoppingListStatus(value: number | null | undefined): value is ShoppingListStatus {
  return value !== null && value !== undefined && (SHOPPING_LIST_STATUSES as readonly number[]).includes(value);
}

/**
 * Whose lists these are: a company's (its users, a super admin masquerading as it: `shoppingLists…`) or an
 * individual customer's own (`customerShoppingLists…`; also the user of a pending company, who is one until it is
 * approved). Each set of operations answers the other kind of caller PERMISSION_DENIED.
 */
export type ShoppingListKind = 'company' | 'customer';

export function makerName(maker: Pick<ShoppingListMaker, 'firstName' | 'lastName' | 'email'>): string {
  return `${maker.firstName} ${maker.lastName}`.trim() || maker.email;
}
