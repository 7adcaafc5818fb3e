import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import { isShoppingListStatus, type ShoppingListKind, type ShoppingListStatus } from './api/shoppingListFields';
import { MAX_SHOPPING_LIST_SEARCH_LENGTH, type ShoppingListOrderBy, type ShoppingListsVariables } from './api/shoppingLists';

// The lists page's search, filters, sort and page live in the hash route's query (`#/shoppingLists?status=40`), so
// that a reload, a shared link and back / forward keep them. Defaults are left out of the URL.

/** business §9: 50 lists a page by default; every size within the server's cap of 100. */
export const SHOPPING_LIST_PAGE_SIZES = [20, 50, 100] as const;
export const DEFAULT_SHOPPING_LIST_PAGE_SIZE = 50;
export const DEFAULT_SHOPPING_LIST_ORDER_BY = '-updatedAt' satisfies ShoppingListOrderBy;

/** The sorts the page offers, in the order of its "Sort by" list. */
export const SHOPPING_LIST_SORTS = ['-updatedAt', 'name', '-createdAt', 'status'] as const satisfies readonly ShoppingListOrderBy[];
export type ShoppingListSort = (typeof SHOPPING_LIST_SORTS)[number];

export interface ShoppingListsFilters {
  search: string;
  status: ShoppingListStatus | null;
  /** Who made the list (a user id); a company's lists only. */
  createdBy: number | null;
  /** The unit whose lists (issue 40: a company's lists that span units); null: every unit. */
  company: number | null;
}

export interface ShoppingListsState extends ShoppingListsFilters {
  orderBy: ShoppingListSort;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_SHOPPING_LIST_FILTERS: ShoppingListsFilters = { search: '', status: null, createdBy: null, company: null };

const PARAM = { search: 'search', status: 'status', createdBy: 'createdBy' } as const;

function isSort(value: string | null): value is ShoppingListSort {
  return value !== null && (SHOPPING_LIST_SORTS as readonly string[]).includes(value);
}

/** Reads the page's state from the URL; anything unknown or malformed falls back to its default. */
export function parseShoppingListsParams(params: URLSearchParams): ShoppingListsState {
  const status = params.get(PARAM.status);
  const statusValue = status !== null && /^\d{1,2}$/.test(status) ? Number(status) : null;
  const orderBy = params.get('sort');
  return {
    search: (params.get(PARAM.search) ?? '').trim().slice(0, MAX_SHOPPING_LIST_SEARCH_LENGTH),
    status: isShoppingListStatus(statusValue) ? statusValue : null,
    createdBy: positiveInteger(params.get(PARAM.createdBy), 9),
    company: companyParam(params),
    orderBy: isSort(orderBy) ? orderBy : DEFAULT_SHOPPING_LIST_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), SHOPPING_LIST_PAGE_SIZES, DEFAULT_SHOPPING_LIST_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function shoppingListsSearchParams(state: ShoppingListsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(PARAM.search, state.search);
  if (state.status !== null) params.set(PARAM.status, String(state.status));
  if (state.createdBy !== null) params.set(PARAM.createdBy, String(state.createdBy));
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_SHOPPING_LIST_ORDER_BY, pageSize: DEFAULT_SHOPPING_LIST_PAGE_SIZE });
}

export function hasShoppingListFilters(filters: ShoppingListsFilters): boolean {
  return filters.search !== '' || filters.status !== null || filters.createdBy !== null || filters.company !== null;
}

export function sameShoppingListFilters(a: ShoppingListsFilters, b: ShoppingListsFilters): boolean {
  return a.search === b.search && a.status === b.status && a.createdBy === b.createdBy && a.company === b.company;
}

/**
 * The query's variables for the page's state: every argument sent, null when it does not filter. An individual
 * customer's lists are all their own: no maker filter, no unit. A company's lists send `companyId`: the unit chosen
 * in lists that span units (issue 40: useCompanyFilter's companyIdOf), else null.
 */
export function shoppingListsVariables(state: ShoppingListsState, kind: ShoppingListKind | null, companyId: number | null = null): ShoppingListsVariables {
  return {
    ...pageWindow(state),
    search: state.search || null,
    createdBy: kind === 'company' ? state.createdBy : null,
    status: state.status === null ? null : [state.status],
    orderBy: state.orderBy,
    ...(kind === 'company' ? { companyId } : {}),
  };
}
