import { useEffect, useRef, useState } from 'react';

import { useFilterTimer } from './FilterBar';

/** The typed fields of a filter bar (search, dates, a city…): text as typed, before it is applied. */
export type FilterDraft = Record<string, string>;

export interface FilterDraftOptions<F, D extends FilterDraft> {
  /** The filters the list shows (from the URL). */
  filters: F;
  onChange(filters: F): void;
  onClear(): void;
  /** The text fields showing these filters. */
  draftOf(filters: F): D;
  /** The filters the typed fields stand for over `base`, or null while they cannot be applied (a half-typed date). */
  toFilters(draft: D, base: F): F | null;
  same(a: F, b: F): boolean;
  /** The filters after "clear". */
  none: F;
}

/**
 * A filter bar's typed fields and how they reach the list: typed text is applied once typing settles
 * (FILTER_DELAY_MS) or on Enter (`apply`), a choice at once (`choose`, with whatever was typed so far: one request
 * for everything changed). When the URL changes on its own (back / forward, a link), the fields follow it, except a
 * field whose text already means the same filter (e.g. trailing spaces).
 */
export function useFilterDraft<F, D extends FilterDraft>({ filters, onChange, onClear, draftOf, toFilters, same, none }: FilterDraftOptions<F, D>) {
  const [draft, setDraft] = useState<D>(() => draftOf(filters));
  const timer = useFilterTimer(filters, onChange);
  const { latest } = timer;

  const fromUrl = draftOf(filters);
  const urlKey = JSON.stringify(fromUrl);
  const previous = useRef(fromUrl);
  useEffect(() => {
    const before = previous.current;
    const now = JSON.parse(urlKey) as D;
    previous.current = now;
    const changed = Object.keys(now).filter((key) => before[key] !== now[key]);
    if (changed.length === 0) return;
    setDraft((current) => {
      const stale = changed.filter((key) => (current[key] ?? '').trim() !== now[key]);
      return stale.length === 0 ? current : { ...current, ...Object.fromEntries(stale.map((key) => [key, now[key]])) };
    });
  }, [urlKey]);

  const apply = (value: D = draft) => {
    timer.cancel();
    const next = toFilters(value, latest.current.filters);
    if (next && !same(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<D>) => {
    const next = { ...draft, ...change } as D;
    setDraft(next);
    timer.schedule(() => apply(next));
  };

  const choose = (change: Partial<F>) => {
    const base = { ...filters, ...change };
    const next = toFilters(draft, base) ?? base;
    timer.cancel();
    if (!same(next, filters)) onChange(next);
  };

  const clear = () => {
    timer.cancel();
    setDraft(draftOf(none));
    onClear();
  };

  /** Something is typed that the list may not show yet. */
  const typed = Object.values(draft).some((value) => value.trim() !== '');

  return { draft, edit, apply, choose, clear, typed };
}
