import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { dateRangeParam } from '../../components/listPage/dateRange';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import { INVOICE_ORDER_FIELDS, MAX_INVOICE_SEARCH_LENGTH, type InvoiceOrderBy, type InvoicesVariables } from './api/invoices';
import type { InvoiceExportFilter } from './api/invoicesExport';
import { INVOICE_STATUSES, type InvoiceStatusCode } from './components/InvoiceStatusChip';

// The /invoice list's filters, sort, page and tab live in the hash route's query (`#/invoice?status=3&page=2`), so
// that a reload, a shared link and back / forward keep them. Defaults are left out of the URL.

/** business §9: invoice page sizes 10, 20, 30 (the list wrapper's), the first the default. */
export const INVOICE_PAGE_SIZES = [10, 20, 30] as const;
/** business §9: descending invoice number. */
export const DEFAULT_INVOICES_ORDER_BY: InvoiceOrderBy = '-invoiceNumber';

export type InvoicesTab = 'invoices' | 'payments';

export interface InvoicesListFilters {
  search: string;
  status: InvoiceStatusCode | null;
  /** The invoice date, a range inclusive of both ends, as YYYY-MM-DD; null when open. */
  dateFrom: string | null;
  dateTo: string | null;
  /** The unit billed (issue 40: a list that spans units); null: every unit. */
  company: number | null;
}

export interface InvoicesListState extends InvoicesListFilters {
  orderBy: InvoiceOrderBy;
  /** One-based. */
  page: number;
  pageSize: number;
  tab: InvoicesTab;
  /** The payment history's page (50 lines each, business §9). */
  paymentsPage: number;
}

export const NO_INVOICE_FILTERS: InvoicesListFilters = { search: '', status: null, dateFrom: null, dateTo: null, company: null };

const PARAM = { search: 'search', status: 'status', dateFrom: 'from', dateTo: 'to' } as const;

function isInvoiceOrderBy(value: string | null): value is InvoiceOrderBy {
  return value !== null && (INVOICE_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

function statusParam(value: string | null): InvoiceStatusCode | null {
  const status = value !== null && /^\d$/.test(value) ? Number(value) : null;
  return status !== null && (INVOICE_STATUSES as readonly number[]).includes(status) ? (status as InvoiceStatusCode) : null;
}

/** Reads the list's state from the URL; anything unknown or malformed falls back to its default. */
export function parseInvoicesListParams(params: URLSearchParams): InvoicesListState {
  const orderBy = params.get('sort');
  const { dateFrom, dateTo } = dateRangeParam(params, PARAM.dateFrom, PARAM.dateTo);
  return {
    search: (params.get(PARAM.search) ?? '').trim().slice(0, MAX_INVOICE_SEARCH_LENGTH),
    status: statusParam(params.get(PARAM.status)),
    dateFrom,
    dateTo,
    company: companyParam(params),
    orderBy: isInvoiceOrderBy(orderBy) ? orderBy : DEFAULT_INVOICES_ORDER_BY,
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), INVOICE_PAGE_SIZES, INVOICE_PAGE_SIZES[0]),
    tab: params.get('tab') === 'payments' ? 'payments' : 'invoices',
    paymentsPage: positiveInteger(params.get('paymentsPage'), 9) ?? 1,
  };
}

/** The URL query of a state, without the defaults. */
export function invoicesListSearchParams(state: InvoicesListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab === 'payments') params.set('tab', 'payments');
  if (state.paymentsPage !== 1) params.set('paymentsPage', String(state.paymentsPage));
  if (state.search) params.set(PARAM.search, state.search);
  if (state.status !== null) params.set(PARAM.status, String(state.status));
  if (state.dateFrom) params.set(PARAM.dateFrom, state.dateFrom);
  if (state.dateTo) params.set(PARAM.dateTo, state.dateTo);
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_INVOICES_ORDER_BY, pageSize: INVOICE_PAGE_SIZES[0] });
}

export function hasInvoiceFilters(filters: InvoicesListFilters): boolean {
  return filters.search !== '' || filters.status !== null || filters.dateFrom !== null || filters.dateTo !== null || filters.company !== null;
}

export function sameInvoiceFilters(a: InvoicesListFilters, b: InvoicesListFilters): boolean {
  return a.search === b.search && a.status === b.status && a.dateFrom === b.dateFrom && a.dateTo === b.dateTo && a.company === b.company;
}

/**
 * The `invoices` query's variables: every argument is sent, null when it does not filter. `companyId` is the unit
 * chosen in a list that spans units (issue 40: useCompanyFilter's companyIdOf), else null.
 */
export function invoicesVariables(state: InvoicesListState, companyId: number | null = null): InvoicesVariables {
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

/** What an export asks for: every invoice, the list as filtered, or the chosen ones (business §7 invoicesExport). */
export type ExportScope = { kind: 'all' } | { kind: 'filtered' } | { kind: 'selected'; ids: readonly string[] };

export function exportFilter(scope: ExportScope, state: InvoicesListState, companyId: number | null = null): InvoiceExportFilter {
  const orderBy = state.orderBy;
  switch (scope.kind) {
    case 'all':
      return { orderBy };
    case 'filtered':
      return {
        search: state.search || null,
        status: state.status,
        dateFrom: state.dateFrom,
        dateTo: state.dateTo,
        orderBy,
        companyId,
      };
    case 'selected':
      return { idIn: [...scope.ids], orderBy };
  }
}
