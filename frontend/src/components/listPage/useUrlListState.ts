import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';

// A list's search, filters, sort and page live in the hash route's query, so that a reload, a shared link and
// back / forward keep them.

interface Paged {
  /** One-based, as people count pages. */
  page: number;
  pageSize: number;
}

/** The list's state read from the URL, and a change to it: each change is a history entry (unless `replace`), so that
 * back / forward walk through the lists the user saw. */
export function useUrlListState<S extends Paged>(parse: (params: URLSearchParams) => S, serialize: (state: S) => URLSearchParams) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parse(searchParams), [parse, searchParams]);
  const update = (change: Partial<S>, { replace = false } = {}) =>
    setSearchParams((current) => serialize({ ...parse(current), ...change }), { replace });
  return { state, update };
}

/** A list query as far as its page count needs it. */
interface ListResult {
  data?: { totalCount: number };
  isPlaceholderData: boolean;
}

/**
 * A page past the end (fewer rows than when the link was made) is replaced by the last page. Returns whether the list
 * has settled: loaded, and for the state asked (not the previous page's placeholder).
 */
export function useLastPageClamp(list: ListResult, state: Paged, update: (change: Partial<Paged>, options: { replace: boolean }) => void) {
  const totalCount = list.data?.totalCount;
  const settled = totalCount !== undefined && !list.isPlaceholderData;
  const lastPage = settled ? Math.max(1, Math.ceil(totalCount / state.pageSize)) : state.page;
  useEffect(() => {
    if (settled && state.page > lastPage) update({ page: lastPage }, { replace: true });
  });
  return settled;
}
