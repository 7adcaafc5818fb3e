// The URL query of a paged, sorted list: the parts every list's parameters share.

/** A positive whole number of at most `maxDigits` digits, or null. */
export function positiveInteger(value: string | null, maxDigits?: number): number | null {
  if (value === null || !(maxDigits ? new RegExp(`^\\d{1,${maxDigits}}$`) : /^\d+$/).test(value)) return null;
  const number = Number(value);
  return number >= 1 ? number : null;
}

/** The page size of the URL when it is one of the list's sizes, else the default. */
export function pageSizeParam(value: string | null, sizes: readonly number[], fallback: number): number {
  const size = positiveInteger(value);
  return size !== null && sizes.includes(size) ? size : fallback;
}

/** The sort, page size and page of a state into the URL query, each left out when it is the default. */
export function setPagingParams(
  params: URLSearchParams,
  state: { orderBy: string; page: number; pageSize: number },
  defaults: { orderBy: string; pageSize: number },
): URLSearchParams {
  if (state.orderBy !== defaults.orderBy) params.set('sort', state.orderBy);
  if (state.pageSize !== defaults.pageSize) params.set('size', String(state.pageSize));
  if (state.page !== 1) params.set('page', String(state.page));
  return params;
}

/** The `first` / `offset` of a query for a one-based page. */
export function pageWindow({ page, pageSize }: { page: number; pageSize: number }): { first: number; offset: number } {
  return { first: pageSize, offset: (page - 1) * pageSize };
}
