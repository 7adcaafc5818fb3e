import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { DATA_TABLE_PAGE_SIZES } from '../../components/dataTable/DataTable';
import { dateRangeParam } from '../../components/listPage/dateRange';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import {
  MAX_QUOTE_SEARCH_LENGTH,
  QUOTE_ORDER_FIELDS,
  QUOTE_STATUSES,
  type QuoteOrderBy,
  type QuoteStatus,
  type QuotesVariables,
} from './api/quotes';

// The quotes list's filters, sort and page live in the hash route's query (`#/quotes?status=open&page=2`), so that
// a reload, a shared link and back / forward keep them. Defaults are left out of the URL.

export const DEFAULT_QUOTES_ORDER_BY: QuoteOrderBy = '-createdAt';
export const DEFAULT_QUOTES_PAGE_SIZE = DATA_TABLE_PAGE_SIZES[0];

export interface QuotesListFilters {
  search: string;
  status: QuoteStatus | null;
  /** The issue date range, inclusive, as YYYY-MM-DD; null when open. */
  dateFrom: string | null;
  dateTo: string | null;
  /** The unit whose quotes (issue 40: a list that spans units); null: every unit. */
  company: number | null;
}

export interface QuotesListState extends QuotesListFilters {
  orderBy: QuoteOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_QUOTE_FILTERS: QuotesListFilters = { search: '', status: null, dateFrom: null, dateTo: null, company: null };

const PARAM = { search: 'search', status: 'status', dateFrom: 'from', dateTo: 'to', orderBy: 'sort', page: 'page', pageSize: 'size' } as const;

function isQuoteStatus(value: string | null): value is QuoteStatus {
  return value !== null && (QUOTE_STATUSES as readonly string[]).includes(value);
}

function isQuoteOrderBy(value: string | null): value is QuoteOrderBy {
  return value !== null && (QUOTE_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

/** Reads the list's state from the URL; anything unknown or malformed falls back to its default. */
export function parseQuotesListParams(params: URLSearchParams): QuotesListState {
  const status = params.get(PARAM.status);
  const orderBy = params.get(PARAM.orderBy);
  const { dateFrom, dateTo } = dateRangeParam(params, PARAM.dateFrom, PARAM.dateTo);
  return {
    search: (params.get(PARAM.search) ?? '').trim().slice(0, MAX_QUOTE_SEARCH_LENGTH),
    status: isQuoteStatus(status) ? status : null,
    dateFrom,
    dateTo,
    company: companyParam(params),
    orderBy: isQuoteOrderBy(orderBy) ? orderBy : DEFAULT_QUOTES_ORDER_BY,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: pageSizeParam(params.get(PARAM.pageSize), DATA_TABLE_PAGE_SIZES, DEFAULT_QUOTES_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function quotesListSearchParams(state: QuotesListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(PARAM.search, state.search);
  if (state.status) params.set(PARAM.status, state.status);
  if (state.dateFrom) params.set(PARAM.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAM.dateTo, state.dateTo);
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_QUOTES_ORDER_BY, pageSize: DEFAULT_QUOTES_PAGE_SIZE });
}

export function hasQuoteFilters(filters: QuotesListFilters): boolean {
  return filters.search !== '' || filters.status !== null || filters.dateFrom !== null || filters.dateTo !== null || filters.company !== null;
}

export function sameQuoteFilters(a: QuotesListFilters, b: QuotesListFilters): boolean {
  return a.search === b.search && a.status === b.status && a.dateFrom === b.dateFrom && a.dateTo === b.dateTo && a.company === b.company;
}

/**
 * The `quotes` query's variables for a state: every argument is sent, null when it does not filter. `companyId` is the
 * unit chosen in a list that spans units (issue 40: useCompanyFilter's companyIdOf), else null.
 */
export function quotesVariables(state: QuotesListState, companyId: number | null = null): QuotesVariables {
  return {
    ...pageWindow(state),
    search: state.search || null,
    status: state.status,
    dateFrom: state.dateFrom,
    dateTo: state.dateTo,
    orderBy: state.orderBy,
    companyId,
  };
}
