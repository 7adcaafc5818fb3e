import { DATA_TABLE_PAGE_SIZES } from '../../components/dataTable/DataTable';
import { dateRangeParam } from '../../components/listPage/dateRange';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import {
  MAX_PURCHASED_SEARCH_LENGTH,
  PURCHASED_ORDER_FIELDS,
  type PurchasedOrderBy,
  type PurchasedProductsVariables,
} from './api/purchasedProducts';

// The purchased products' search, date range, sort and page live in the hash route's query
// (`#/purchased-products?search=ethanol&page=2`), so that a reload, a shared link and back / forward keep them.
// Defaults are left out of the URL.

/** The most recently ordered first: what a buyer orders again is usually what they ordered last. */
export const DEFAULT_PURCHASED_ORDER_BY: PurchasedOrderBy = '-lastOrderedAt';
export const DEFAULT_PURCHASED_PAGE_SIZE = DATA_TABLE_PAGE_SIZES[0];

export interface PurchasedFilters {
  search: string;
  /** The days of the orders counted, inclusive of both ends, as YYYY-MM-DD; null when open. */
  dateFrom: string | null;
  dateTo: string | null;
}

export interface PurchasedListState extends PurchasedFilters {
  orderBy: PurchasedOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_PURCHASED_FILTERS: PurchasedFilters = { search: '', dateFrom: null, dateTo: null };

function isPurchasedOrderBy(value: string | null): value is PurchasedOrderBy {
  return value !== null && (PURCHASED_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

/** Reads the list's state from the URL; anything unknown or malformed falls back to its default. */
export function parsePurchasedListParams(params: URLSearchParams): PurchasedListState {
  const orderBy = params.get('sort');
  return {
    search: (params.get('search') ?? '').trim().slice(0, MAX_PURCHASED_SEARCH_LENGTH),
    ...dateRangeParam(params),
    orderBy: isPurchasedOrderBy(orderBy) ? orderBy : DEFAULT_PURCHASED_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), DATA_TABLE_PAGE_SIZES, DEFAULT_PURCHASED_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function purchasedListSearchParams(state: PurchasedListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set('search', state.search);
  if (state.dateFrom) params.set('from', state.dateFrom);
  if (state.dateTo) params.set('to', state.dateTo);
  return setPagingParams(params, state, { orderBy: DEFAULT_PURCHASED_ORDER_BY, pageSize: DEFAULT_PURCHASED_PAGE_SIZE });
}

export function hasPurchasedFilters(filters: PurchasedFilters): boolean {
  return filters.search !== '' || filters.dateFrom !== null || filters.dateTo !== null;
}

export function samePurchasedFilters(a: PurchasedFilters, b: PurchasedFilters): boolean {
  return a.search === b.search && a.dateFrom === b.dateFrom && a.dateTo === b.dateTo;
}

/** The query's variables for a state: every argument is sent, null when it does not filter. */
export function purchasedVariables(state: PurchasedListState): PurchasedProductsVariables {
  return { ...pageWindow(state), search: state.search || null, dateFrom: state.dateFrom, dateTo: state.dateTo, orderBy: state.orderBy };
}
