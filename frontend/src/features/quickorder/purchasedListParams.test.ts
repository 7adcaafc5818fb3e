import { parsePurchasedListParams, purchasedListSearchParams, purchasedVariables } from './purchasedListParams';

const parse = (query: string) => parsePurchasedListParams(new URLSearchParams(query));

describe('the purchased products list in the URL (issue 19)', () => {
  it('starts with the most recently ordered first, 10 a page, without filters', () => {
    expect(parse('')).toEqual({ search: '', dateFrom: null, dateTo: null, orderBy: '-lastOrderedAt', page: 1, pageSize: 10 });
    expect(purchasedListSearchParams(parse('')).toString()).toBe('');
  });

  it('reads and writes the search, the date range, the sort and the page', () => {
    const state = parse('search=ethanol&from=2026-01-01&to=2026-03-31&sort=sku&size=20&page=3');
    expect(state).toEqual({ search: 'ethanol', dateFrom: '2026-01-01', dateTo: '2026-03-31', orderBy: 'sku', page: 3, pageSize: 20 });
    expect(purchasedListSearchParams(state).toString()).toBe('search=ethanol&from=2026-01-01&to=2026-03-31&sort=sku&size=20&page=3');
    expect(purchasedVariables(state)).toEqual({ first: 20, offset: 40, search: 'ethanol', dateFrom: '2026-01-01', dateTo: '2026-03-31', orderBy: 'sku' });
  });

  it('ignores what the server would refuse: unknown sorts, sizes, pages, dates and a reversed range', () => {
    expect(parse('sort=price&size=33&page=0&from=2026-02-30')).toEqual(parse(''));
    expect(parse('from=2026-03-01&to=2026-01-01')).toMatchObject({ dateFrom: null, dateTo: null });
    expect(parse(`search=${'x'.repeat(150)}`).search).toHaveLength(100);
    expect(parse('sort=-orderCount').orderBy).toBe('-orderCount');
  });
});
