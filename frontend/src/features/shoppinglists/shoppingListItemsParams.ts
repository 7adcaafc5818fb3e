import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import { SHOPPING_LIST_ITEM_ORDER_FIELDS, type ShoppingListItemOrderBy, type ShoppingListPageVariables } from './api/shoppingList';

// A list's page keeps the sort and page of its products in the hash route's query (`#/shoppingList/12?sort=sku`).

/** business §9: a list's products 100 a page by default; every size within what the overlay asks at once (100). */
export const SHOPPING_LIST_ITEM_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_SHOPPING_LIST_ITEM_PAGE_SIZE = 100;
/** business §9: the newest change first. */
export const DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY: ShoppingListItemOrderBy = '-updatedAt';

export interface ShoppingListItemsState {
  orderBy: ShoppingListItemOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

function isOrderBy(value: string | null): value is ShoppingListItemOrderBy {
  return value !== null && (SHOPPING_LIST_ITEM_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

export function parseShoppingListItemsParams(params: URLSearchParams): ShoppingListItemsState {
  const orderBy = params.get('sort');
  return {
    orderBy: isOrderBy(orderBy) ? orderBy : DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), SHOPPING_LIST_ITEM_PAGE_SIZES, DEFAULT_SHOPPING_LIST_ITEM_PAGE_SIZE),
  };
}

export function shoppingListItemsSearchParams(state: ShoppingListItemsState): URLSearchParams {
  return setPagingParams(new URLSearchParams(), state, { orderBy: DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY, pageSize: DEFAULT_SHOPPING_LIST_ITEM_PAGE_SIZE });
}

export function shoppingListPageVariables(id: number, state: ShoppingListItemsState): ShoppingListPageVariables {
  return { id, ...pageWindow(state), orderBy: state.orderBy };
}

/**
 * business §2 "the column sort direction toggles": a column's first click sorts it ascending (quantities largest
 * first), the second reverses it, the third goes back to the list's own order (newest change first).
 */
export function nextItemOrder(current: ShoppingListItemOrderBy, field: 'productName' | 'sku' | 'quantity'): ShoppingListItemOrderBy {
  const first: ShoppingListItemOrderBy = field === 'quantity' ? '-quantity' : field;
  const second: ShoppingListItemOrderBy = field === 'quantity' ? 'quantity' : `-${field}`;
  if (current === first) return second;
  if (current === second) return DEFAULT_SHOPPING_LIST_ITEM_ORDER_BY;
  return first;
}
