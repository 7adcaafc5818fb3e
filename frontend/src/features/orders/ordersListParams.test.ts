import { ORDERS_LIST_PARSERS, ordersListSearchParams, ordersVariables, parseOrdersListParams } from './ordersListParams';

describe('the order lists’ URL state', () => {
  it('reads search, status, date range, placed by, sort, page and size, and writes back only what is not a default', () => {
    const state = parseOrdersListParams(
      new URLSearchParams('search=%20HS-1055%20&status=partially_shipped&from=2026-01-01&to=2026-01-31&placedBy=12&sort=-grandTotal&page=3&size=20'),
      'COMPANY',
    );
    expect(state).toEqual({
      search: 'HS-1055', status: 'partially_shipped', dateFrom: '2026-01-01', dateTo: '2026-01-31', placedBy: 12, company: null,
      orderBy: '-grandTotal', page: 3, pageSize: 20,
    });
    expect(ordersVariables(state, 'COMPANY')).toEqual({
      scope: 'COMPANY', first: 20, offset: 40, search: 'HS-1055', status: 'partially_shipped', dateFrom: '2026-01-01', dateTo: '2026-01-31',
      createdBy: 12, orderBy: '-grandTotal', companyId: null,
    });
    expect(ordersListSearchParams(state).toString()).toBe(
      'search=HS-1055&status=partially_shipped&from=2026-01-01&to=2026-01-31&placedBy=12&sort=-grandTotal&size=20&page=3',
    );
    expect(ordersListSearchParams(parseOrdersListParams(new URLSearchParams(), 'MINE')).toString()).toBe('');
  });

  it('always sends orderBy, newest first by default, and every other argument, null when it does not filter', () => {
    expect(ordersVariables(ORDERS_LIST_PARSERS.MINE(new URLSearchParams()), 'MINE')).toEqual({
      scope: 'MINE', first: 10, offset: 0, search: null, status: null, dateFrom: null, dateTo: null, createdBy: null, orderBy: '-createdAt',
    });
  });

  it('reads the unit of Lab orders that span units (issue 40), sends the one chosen, and has none on My orders', () => {
    const state = ORDERS_LIST_PARSERS.COMPANY(new URLSearchParams('company=12&status=shipped'));
    expect(state.company).toBe(12);
    expect(ordersListSearchParams(state).toString()).toBe('status=shipped&company=12');
    expect(ordersVariables(state, 'COMPANY', 12).companyId).toBe(12);
    expect(ordersVariables(state, 'COMPANY')).toHaveProperty('companyId', null);
    // My orders are the caller's own in the unit they act for: never across units, the argument never sent.
    expect(ORDERS_LIST_PARSERS.MINE(new URLSearchParams('company=12')).company).toBeNull();
    expect(ordersVariables(state, 'MINE', 12)).not.toHaveProperty('companyId');
    expect(ORDERS_LIST_PARSERS.COMPANY(new URLSearchParams('company=x')).company).toBeNull();
  });

  it('has no "placed by" on My orders: the URL’s is ignored and never sent', () => {
    const state = ORDERS_LIST_PARSERS.MINE(new URLSearchParams('placedBy=12&status=shipped'));
    expect(state.placedBy).toBeNull();
    expect(ordersVariables({ ...state, placedBy: 12 }, 'MINE').createdBy).toBeNull();
    expect(ORDERS_LIST_PARSERS.COMPANY(new URLSearchParams('placedBy=12')).placedBy).toBe(12);
  });

  it('falls back to the defaults for anything malformed: unknown statuses and sorts, bad dates, reversed ranges, sizes above the choices', () => {
    expect(
      parseOrdersListParams(new URLSearchParams('status=lost&sort=price&page=0&size=500&from=2026-02-30&to=soon&placedBy=x&search=' + 'x'.repeat(120)), 'COMPANY'),
    ).toEqual({
      search: 'x'.repeat(100), status: null, dateFrom: null, dateTo: null, placedBy: null, company: null, orderBy: '-createdAt', page: 1, pageSize: 10,
    });
    const reversed = parseOrdersListParams(new URLSearchParams('from=2026-02-01&to=2026-01-01'), 'MINE');
    expect([reversed.dateFrom, reversed.dateTo]).toEqual([null, null]);
    // Every sort key of the contract, either way.
    for (const key of ['number', 'poNumber', 'grandTotal', 'status', 'placedBy', 'createdAt']) {
      expect(parseOrdersListParams(new URLSearchParams(`sort=-${key}`), 'MINE').orderBy).toBe(`-${key}`);
      expect(parseOrdersListParams(new URLSearchParams(`sort=${key}`), 'MINE').orderBy).toBe(key);
    }
  });
});
