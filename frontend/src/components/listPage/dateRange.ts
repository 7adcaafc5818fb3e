import { isIsoDate } from '../../lib/dates';

// Date-range filters of a list (`from` / `to` in the URL): days written as YYYY-MM-DD, inclusive of both ends.

/** ISO dates compare as strings. */
export function isDateRangeValid(dateFrom: string | null, dateTo: string | null): boolean {
  return dateFrom === null || dateTo === null || dateFrom <= dateTo;
}

/** A date field is usable when empty or a full date (a half-typed native date input reads as empty). */
export const usableDate = (value: string): boolean => value === '' || isIsoDate(value);

/**
 * The range typed into two date fields as filter values (null when open), or null while it cannot be applied: a
 * field half typed, or the start after the end.
 */
export function typedDateRange(dateFrom: string, dateTo: string): { dateFrom: string | null; dateTo: string | null } | null {
  if (!usableDate(dateFrom) || !usableDate(dateTo)) return null;
  const range = { dateFrom: dateFrom || null, dateTo: dateTo || null };
  return isDateRangeValid(range.dateFrom, range.dateTo) ? range : null;
}

/**
 * The range of a list URL's query (`from`, `to`): a value that is not a real day is left out, and a reversed range
 * (typed into the URL) cannot match anything, so it is ignored rather than sent.
 */
export function dateRangeParam(params: URLSearchParams, fromName = 'from', toName = 'to'): { dateFrom: string | null; dateTo: string | null } {
  const date = (name: string) => {
    const value = params.get(name);
    return value !== null && isIsoDate(value) ? value : null;
  };
  const range = { dateFrom: date(fromName), dateTo: date(toName) };
  return isDateRangeValid(range.dateFrom, range.dateTo) ? range : { dateFrom: null, dateTo: null };
}
