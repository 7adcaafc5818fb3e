import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { DATA_TABLE_PAGE_SIZES } from '../../components/dataTable/DataTable';
import { pageSizeParam, pageWindow, positiveInteger, setPagingParams } from '../../components/listPage/listParams';
import {
  MAX_USER_SEARCH_LENGTH,
  USER_ORDER_FIELDS,
  type CompanyUsersVariables,
  type UserOrderBy,
} from './api/companyUsers';

// The users list's search, role filter, sort and page, and the tab shown, live in the hash route's query
// (`#/user-management?role=2&page=2`), so that a reload, a shared link and back / forward keep them. Defaults are
// left out of the URL.

export const DEFAULT_USERS_ORDER_BY: UserOrderBy = 'lastName';
export const DEFAULT_USERS_PAGE_SIZE = DATA_TABLE_PAGE_SIZES[0];

export const USERS_TABS = ['users', 'activity'] as const;
export type UsersTab = (typeof USERS_TABS)[number];

/** A role of the filter: a built-in role code, or a custom role (5) with its id. */
export interface RoleFilter {
  role: number;
  customRoleId: number | null;
}

export interface UsersListFilters {
  search: string;
  role: RoleFilter | null;
  /** The unit the users belong to (issue 40: a list that spans units); null: every unit. */
  company: number | null;
}

export interface UsersListState extends UsersListFilters {
  orderBy: UserOrderBy;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
  tab: UsersTab;
}

export const NO_USER_FILTERS: UsersListFilters = { search: '', role: null, company: null };

const PARAM = { search: 'search', role: 'role', orderBy: 'sort', page: 'page', pageSize: 'size', tab: 'tab' } as const;

/** The role filter as one value (`2`, `5:14`): the select's value and the URL's. */
export function roleFilterValue(filter: RoleFilter | null): string {
  if (!filter) return '';
  return filter.customRoleId === null ? String(filter.role) : `${filter.role}:${filter.customRoleId}`;
}

export function parseRoleFilter(value: string | null): RoleFilter | null {
  const match = value === null ? null : /^(\d{1,2})(?::(\d{1,9}))?$/.exec(value);
  if (!match) return null;
  const role = Number(match[1]);
  const customRoleId = match[2] === undefined ? null : Number(match[2]);
  // Only a custom role (5) names one of the store's roles.
  if (customRoleId !== null && role !== 5) return null;
  return { role, customRoleId };
}

function isUserOrderBy(value: string | null): value is UserOrderBy {
  return value !== null && (USER_ORDER_FIELDS as readonly string[]).includes(value.replace(/^-/, ''));
}

/** Reads the list's state from the URL; anything unknown or malformed falls back to its default. */
export function parseUsersListParams(params: URLSearchParams): UsersListState {
  const orderBy = params.get(PARAM.orderBy);
  const tab = params.get(PARAM.tab);
  return {
    search: (params.get(PARAM.search) ?? '').trim().slice(0, MAX_USER_SEARCH_LENGTH),
    role: parseRoleFilter(params.get(PARAM.role)),
    company: companyParam(params),
    orderBy: isUserOrderBy(orderBy) ? orderBy : DEFAULT_USERS_ORDER_BY,
    page: positiveInteger(params.get(PARAM.page), 9) ?? 1,
    pageSize: pageSizeParam(params.get(PARAM.pageSize), DATA_TABLE_PAGE_SIZES, DEFAULT_USERS_PAGE_SIZE),
    tab: (USERS_TABS as readonly (string | null)[]).includes(tab) ? (tab as UsersTab) : 'users',
  };
}

/** The URL query of a state, without the defaults. */
export function usersListSearchParams(state: UsersListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.tab !== 'users') params.set(PARAM.tab, state.tab);
  if (state.search) params.set(PARAM.search, state.search);
  if (state.role) params.set(PARAM.role, roleFilterValue(state.role));
  setCompanyParam(params, state.company);
  return setPagingParams(params, state, { orderBy: DEFAULT_USERS_ORDER_BY, pageSize: DEFAULT_USERS_PAGE_SIZE });
}

export function hasUserFilters(filters: UsersListFilters): boolean {
  return filters.search !== '' || filters.role !== null || filters.company !== null;
}

/**
 * The `users` query's variables for a state: every argument is sent, null when it does not filter. `companyId` is the
 * unit chosen in a list that spans units (issue 40: useCompanyFilter's companyIdOf), else null.
 */
export function usersVariables(state: UsersListState, companyId: number | null = null): CompanyUsersVariables {
  return {
    ...pageWindow(state),
    search: state.search || null,
    role: state.role?.role ?? null,
    customRoleId: state.role?.customRoleId ?? null,
    orderBy: state.orderBy,
    companyId,
  };
}
