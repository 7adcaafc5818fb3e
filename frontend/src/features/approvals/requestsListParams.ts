import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { DATA_TABLE_PAGE_SIZES } from '../../components/dataTable/DataTable';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import {
  REQUEST_ORDER_FIELDS,
  isRequestStatus,
  isRequestView,
  type PurchaseRequestsVariables,
  type RequestOrderBy,
  type RequestStatus,
  type RequestView,
} from './api/purchaseRequests';

// The Approvals page's tab, filters, sort and page live in the hash route's query (`#/approvals?view=mine&status=
// rejected&page=2`), so that a reload, a shared link and back / forward keep them. Defaults are left out of the URL.

export const DEFAULT_REQUEST_VIEW: RequestView = 'inbox';
export const DEFAULT_REQUESTS_ORDER_BY: RequestOrderBy = '-createdAt';
export const DEFAULT_REQUESTS_PAGE_SIZE = DATA_TABLE_PAGE_SIZES[0];

export interface RequestsListFilters {
  /** The inbox holds pending requests only: its status is always null. */
  status: RequestStatus | null;
  /** The unit of the company view that spans units (issue 40); null: every unit. */
  company: number | null;
}

export interface RequestsListState extends RequestsListFilters {
  view: RequestView;
  orderBy: RequestOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_REQUEST_FILTERS: RequestsListFilters = { status: null, company: null };

function isRequestOrderBy(value: string | null): value is RequestOrderBy {
  return value !== null && (REQUEST_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

/**
 * Reads the page's state from the URL; anything unknown or malformed falls back to its default. A view the caller
 * may not open (the company view without get_orders level 2) is read as the inbox; a status in the inbox's URL and a
 * unit outside the company view are ignored.
 */
export function parseRequestsListParams(params: URLSearchParams, companyViewOpen: boolean): RequestsListState {
  const asked = params.get('view');
  const view = isRequestView(asked) && (asked !== 'company' || companyViewOpen) ? asked : DEFAULT_REQUEST_VIEW;
  const status = params.get('status');
  const orderBy = params.get('sort');
  return {
    view,
    status: view !== 'inbox' && isRequestStatus(status) ? status : null,
    company: view === 'company' ? companyParam(params) : null,
    orderBy: isRequestOrderBy(orderBy) ? orderBy : DEFAULT_REQUESTS_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), DATA_TABLE_PAGE_SIZES, DEFAULT_REQUESTS_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function requestsListSearchParams(state: RequestsListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== DEFAULT_REQUEST_VIEW) params.set('view', state.view);
  if (state.status) params.set('status', state.status);
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_REQUESTS_ORDER_BY, pageSize: DEFAULT_REQUESTS_PAGE_SIZE });
}

export function hasRequestFilters(filters: RequestsListFilters): boolean {
  return filters.status !== null || filters.company !== null;
}

/**
 * The `purchaseRequests` variables of a state: every argument is sent, null when it does not filter. `companyId` is
 * the unit chosen in a company view that spans units (useCompanyFilter's companyIdOf), else null.
 */
export function requestsVariables(state: RequestsListState, companyId: number | null = null): PurchaseRequestsVariables {
  return {
    view: state.view,
    ...pageWindow(state),
    status: state.view === 'inbox' ? null : state.status,
    companyId: state.view === 'company' ? companyId : null,
    orderBy: state.orderBy,
  };
}
