import { dateRangeParam, isDateRangeValid, typedDateRange } from './dateRange';

describe('date ranges of list filters', () => {
  it('compares ISO days and leaves open ends open', () => {
    expect(isDateRangeValid('2026-01-01', '2026-01-01')).toBe(true);
    expect(isDateRangeValid('2026-01-02', '2026-01-01')).toBe(false);
    expect(isDateRangeValid(null, '2026-01-01')).toBe(true);
  });

  it('applies typed fields only when both are empty or whole days, in order', () => {
    expect(typedDateRange('', '')).toEqual({ dateFrom: null, dateTo: null });
    expect(typedDateRange('2026-01-01', '')).toEqual({ dateFrom: '2026-01-01', dateTo: null });
    expect(typedDateRange('2026-02-30', '')).toBeNull();
    expect(typedDateRange('2026-03-01', '2026-02-01')).toBeNull();
  });

  it('reads the URL, dropping what is not a day and a reversed range', () => {
    expect(dateRangeParam(new URLSearchParams('from=2026-01-01&to=2026-01-31'))).toEqual({ dateFrom: '2026-01-01', dateTo: '2026-01-31' });
    expect(dateRangeParam(new URLSearchParams('from=yesterday&to=2026-01-31'))).toEqual({ dateFrom: null, dateTo: '2026-01-31' });
    expect(dateRangeParam(new URLSearchParams('from=2026-02-01&to=2026-01-31'))).toEqual({ dateFrom: null, dateTo: null });
    expect(dateRangeParam(new URLSearchParams('since=2026-01-01'), 'since')).toEqual({ dateFrom: '2026-01-01', dateTo: null });
  });
});
