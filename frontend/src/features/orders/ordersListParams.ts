import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { DATA_TABLE_PAGE_SIZES } from '../../components/dataTable/DataTable';
import { dateRangeParam } from '../../components/listPage/dateRange';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import {
  MAX_ORDER_SEARCH_LENGTH,
  ORDER_ORDER_FIELDS,
  isOrderStatus,
  type OrderOrderBy,
  type OrderScope,
  type OrderStatus,
  type OrdersVariables,
} from './api/orders';

// The order lists' filters, sort and page live in the hash route's query (`#/orders?status=shipped&page=2`), so that
// a reload, a shared link and back / forward keep them. Defaults are left out of the URL. My orders and Lab orders
// read the same parameters; only Lab orders has the "placed by" filter.

export const DEFAULT_ORDERS_ORDER_BY: OrderOrderBy = '-createdAt';
export const DEFAULT_ORDERS_PAGE_SIZE = DATA_TABLE_PAGE_SIZES[0];

export interface OrdersListFilters {
  search: string;
  status: OrderStatus | null;
  /** The day the order was placed, a range inclusive of both ends, as YYYY-MM-DD; null when open. */
  dateFrom: string | null;
  dateTo: string | null;
  /** Who placed it (a user id); Lab orders only. */
  placedBy: number | null;
  /** The unit whose orders (issue 40: Lab orders of a list that spans units); null: every unit. */
  company: number | null;
}

export interface OrdersListState extends OrdersListFilters {
  orderBy: OrderOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_ORDER_FILTERS: OrdersListFilters = { search: '', status: null, dateFrom: null, dateTo: null, placedBy: null, company: null };

const PARAM = { search: 'search', status: 'status', dateFrom: 'from', dateTo: 'to', placedBy: 'placedBy' } as const;

function isOrderOrderBy(value: string | null): value is OrderOrderBy {
  return value !== null && (ORDER_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

/**
 * Reads a list's state from the URL; anything unknown or malformed falls back to its default. My orders has no
 * "placed by" filter (they are all the caller's): a `placedBy` in its URL is ignored.
 */
export function parseOrdersListParams(params: URLSearchParams, scope: OrderScope): OrdersListState {
  const status = params.get(PARAM.status);
  const orderBy = params.get('sort');
  const { dateFrom, dateTo } = dateRangeParam(params, PARAM.dateFrom, PARAM.dateTo);
  return {
    search: (params.get(PARAM.search) ?? '').trim().slice(0, MAX_ORDER_SEARCH_LENGTH),
    status: isOrderStatus(status) ? status : null,
    dateFrom,
    dateTo,
    placedBy: scope === 'COMPANY' ? positiveInteger(params.get(PARAM.placedBy), 9) : null,
    company: scope === 'COMPANY' ? companyParam(params) : null,
    orderBy: isOrderOrderBy(orderBy) ? orderBy : DEFAULT_ORDERS_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), DATA_TABLE_PAGE_SIZES, DEFAULT_ORDERS_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function ordersListSearchParams(state: OrdersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(PARAM.search, state.search);
  if (state.status) params.set(PARAM.status, state.status);
  if (state.dateFrom) params.set(PARAM.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAM.dateTo, state.dateTo);
  if (state.placedBy !== null) params.set(PARAM.placedBy, String(state.placedBy));
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_ORDERS_ORDER_BY, pageSize: DEFAULT_ORDERS_PAGE_SIZE });
}

/** Each list's reader of its URL (one function per list, so that the list's state is read again only when the URL
 * changes). */
export const ORDERS_LIST_PARSERS: Readonly<Record<OrderScope, (params: URLSearchParams) => OrdersListState>> = {
  MINE: (params) => parseOrdersListParams(params, 'MINE'),
  COMPANY: (params) => parseOrdersListParams(params, 'COMPANY'),
};

export function hasOrderFilters(filters: OrdersListFilters): boolean {
  return (
    filters.search !== '' ||
    filters.status !== null ||
    filters.dateFrom !== null ||
    filters.dateTo !== null ||
    filters.placedBy !== null ||
    filters.company !== null
  );
}

export function sameOrderFilters(a: OrdersListFilters, b: OrdersListFilters): boolean {
  return (
    a.search === b.search &&
    a.status === b.status &&
    a.dateFrom === b.dateFrom &&
    a.dateTo === b.dateTo &&
    a.placedBy === b.placedBy &&
    a.company === b.company
  );
}

/**
 * The `orders` query's variables for a list's state: every argument is sent, null when it does not filter. Lab orders
 * also send `companyId`: the unit chosen in a list that spans units (issue 40: useCompanyFilter's companyIdOf), else
 * null; My orders (the caller's own, in the unit they act for) never span units.
 */
export function ordersVariables(state: OrdersListState, scope: OrderScope, companyId: number | null = null): OrdersVariables {
  return {
    scope,
    ...pageWindow(state),
    search: state.search || null,
    status: state.status,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    createdBy: scope === 'COMPANY' ? state.placedBy : null,
    orderBy: state.orderBy,
    ...(scope === 'COMPANY' ? { companyId } : {}),
  };
}
