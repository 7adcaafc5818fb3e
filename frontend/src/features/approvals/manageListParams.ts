import { companyParam, setCompanyParam } from '../../components/companyUnits/companyFilter';
import { pageSizeParam, pageWindow, positiveInteger } from '../../components/listPage/listParams';

// The rules' and budgets' lists keep their page and unit in the hash route's query (`#/approvals/budgets?company=12`),
// so that a reload and back / forward keep them. Defaults are left out of the URL.

export const MANAGE_PAGE_SIZES = [20, 50] as const;
export const DEFAULT_MANAGE_PAGE_SIZE = MANAGE_PAGE_SIZES[0];

export interface ManageListState {
  /** The unit whose rules or budgets are listed, when the list spans units (issue 40); null: every unit. */
  company: number | null;
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

export function parseManageListParams(params: URLSearchParams): ManageListState {
  return {
    company: companyParam(params),
    page: positiveInteger(params.get('page'), 9) ?? 1,
    pageSize: pageSizeParam(params.get('size'), MANAGE_PAGE_SIZES, DEFAULT_MANAGE_PAGE_SIZE),
  };
}

export function manageListSearchParams(state: ManageListState): URLSearchParams {
  const params = setCompanyParam(new URLSearchParams(), state.company);
  if (state.pageSize !== DEFAULT_MANAGE_PAGE_SIZE) params.set('size', String(state.pageSize));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The list query's variables: the page, and the unit chosen (useCompanyFilter's companyIdOf). */
export function manageVariables(state: ManageListState, companyId: number | null) {
  return { ...pageWindow(state), companyId };
}
