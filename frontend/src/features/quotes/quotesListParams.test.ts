import { isIsoDate } from '../../lib/dates';
import { parseQuotesListParams, quotesListSearchParams, quotesVariables } from './quotesListParams';

const parse = (query: string) => parseQuotesListParams(new URLSearchParams(query));

describe('quotes list URL state', () => {
  it('defaults to the newest quotes, 10 a page, unfiltered — and leaves the defaults out of the URL', () => {
    const state = parse('');
    expect(state).toEqual({ search: '', status: null, dateFrom: null, dateTo: null, company: null, orderBy: '-createdAt', page: 1, pageSize: 10 });
    expect(quotesListSearchParams(state).toString()).toBe('');
    expect(quotesVariables(state)).toEqual({
      first: 10, offset: 0, search: null, status: null, dateFrom: null, dateTo: null, orderBy: '-createdAt', companyId: null,
    });
  });

  it('round-trips every setting', () => {
    const query = 'search=salts&status=expired&from=2026-01-01&to=2026-01-01&sort=-updatedAt&size=50&page=4';
    const state = parse(query);
    expect(quotesListSearchParams(state).toString()).toBe(query);
    expect(quotesVariables(state)).toEqual({
      first: 50, offset: 150, search: 'salts', status: 'expired', dateFrom: '2026-01-01', dateTo: '2026-01-01', orderBy: '-updatedAt', companyId: null,
    });
  });

  it('reads the unit of a list that spans units (issue 40) and sends the one chosen', () => {
    const state = parse('company=5&status=open');
    expect(state.company).toBe(5);
    expect(quotesListSearchParams(state).toString()).toBe('status=open&company=5');
    expect(quotesVariables(state, 5)).toMatchObject({ status: 'open', companyId: 5 });
  });

  it('drops a reversed date range rather than sending a range that matches nothing', () => {
    expect(parse('from=2026-02-01&to=2026-01-31')).toMatchObject({ dateFrom: null, dateTo: null });
  });

  it('knows a calendar day', () => {
    expect(['2026-02-28', '2024-02-29'].map(isIsoDate)).toEqual([true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '', 'today'].map(isIsoDate)).toEqual([false, false, false, false, false]);
  });
});
