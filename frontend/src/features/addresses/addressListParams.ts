import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import { MAX_ADDRESS_FILTER_LENGTH, type AddressOrderBy, type AddressesVariables } from './api/addresses';

// The address book's filters, sort and page live in the hash route's query (`#/addresses?country=US&page=2`), so
// that a reload, a shared link and back / forward keep them. Defaults are left out of the URL.

export const ADDRESS_PAGE_SIZES = [12, 24, 48] as const;
export const DEFAULT_ADDRESS_PAGE_SIZE = ADDRESS_PAGE_SIZES[0];
export const DEFAULT_ADDRESS_ORDER_BY: AddressOrderBy = 'label';

/** The sorts the page offers, in the order of its "Sort by" list. */
export const ADDRESS_SORTS = ['label', '-createdAt', '-updatedAt', 'lastName', 'city', 'country'] as const satisfies readonly AddressOrderBy[];

export const ADDRESS_KINDS = ['shipping', 'billing'] as const;
export type AddressKindFilter = (typeof ADDRESS_KINDS)[number];

export interface AddressListFilters {
  search: string;
  /** A country code of the store's list. */
  country: string | null;
  /** A state code of the country's list. */
  state: string | null;
  city: string;
  kind: AddressKindFilter | null;
  /** The unit whose book (issue 40: a list that spans units); null: every unit. */
  company: number | null;
}

export interface AddressListState extends AddressListFilters {
  orderBy: AddressOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export const NO_ADDRESS_FILTERS: AddressListFilters = { search: '', country: null, state: null, city: '', kind: null, company: null };

const PARAM = { search: 'search', country: 'country', state: 'state', city: 'city', kind: 'type', orderBy: 'sort', page: 'page', pageSize: 'size' } as const;

const text = (value: string | null) => (value ?? '').trim().slice(0, MAX_ADDRESS_FILTER_LENGTH);
const code = (value: string | null) => {
  const trimmed = text(value).toUpperCase();
  return /^[A-Z0-9-]{1,10}$/.test(trimmed) ? trimmed : null;
};

/** One of the sorts the page offers (the server knows more; a link can only ask for these). */
function isOrderBy(value: string | null): value is AddressOrderBy {
  return value !== null && (ADDRESS_SORTS as readonly string[]).includes(value);
}

/** Reads the list's state from the URL; anything unknown or malformed falls back to its default. */
export function parseAddressListParams(params: URLSearchParams): AddressListState {
  const kind = params.get(PARAM.kind);
  const orderBy = params.get(PARAM.orderBy);
  const country = code(params.get(PARAM.country));
  return {
    search: text(params.get(PARAM.search)),
    country,
    // A state means something only within its country.
    state: country ? code(params.get(PARAM.state)) : null,
    city: text(params.get(PARAM.city)),
    kind: kind === 'shipping' || kind === 'billing' ? kind : null,
    company: companyParam(params),
    orderBy: isOrderBy(orderBy) ? orderBy : DEFAULT_ADDRESS_ORDER_BY,
    page: positiveInteger(params.get(PARAM.page)) ?? 1,
    pageSize: pageSizeParam(params.get(PARAM.pageSize), ADDRESS_PAGE_SIZES, DEFAULT_ADDRESS_PAGE_SIZE),
  };
}

/** The URL query of a state, without the defaults. */
export function addressListSearchParams(state: AddressListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search) params.set(PARAM.search, state.search);
  if (state.country) params.set(PARAM.country, state.country);
  if (state.country && state.state) params.set(PARAM.state, state.state);
  if (state.city) params.set(PARAM.city, state.city);
  if (state.kind) params.set(PARAM.kind, state.kind);
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_ADDRESS_ORDER_BY, pageSize: DEFAULT_ADDRESS_PAGE_SIZE });
}

export function hasAddressFilters(filters: AddressListFilters): boolean {
  return (
    filters.search !== '' ||
    filters.country !== null ||
    filters.state !== null ||
    filters.city !== '' ||
    filters.kind !== null ||
    filters.company !== null
  );
}

export function sameAddressFilters(a: AddressListFilters, b: AddressListFilters): boolean {
  return a.search === b.search && a.country === b.country && a.state === b.state && a.city === b.city && a.kind === b.kind && a.company === b.company;
}

/**
 * The `addresses` query's variables for a state: every argument is sent, null when it does not filter. `companyId` is
 * the unit chosen in a book that spans units (issue 40: useCompanyFilter's companyIdOf), else null.
 */
export function addressesVariables(state: AddressListState, companyId: number | null = null): AddressesVariables {
  return {
    ...pageWindow(state),
    search: state.search || null,
    country: state.country,
    state: state.country ? state.state : null,
    city: state.city || null,
    isShipping: state.kind === 'shipping' ? true : null,
    isBilling: state.kind === 'billing' ? true : null,
    orderBy: state.orderBy,
    companyId,
  };
}
