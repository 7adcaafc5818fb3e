import { parseRequestsListParams, requestsListSearchParams, requestsVariables } from './requestsListParams';

const parse = (query: string, companyViewOpen = true) => parseRequestsListParams(new URLSearchParams(query), companyViewOpen);

describe('the Approvals page’s URL state', () => {
  it('opens on the inbox, newest first, ten a page', () => {
    expect(parse('')).toEqual({ view: 'inbox', status: null, company: null, orderBy: '-createdAt', page: 1, pageSize: 10 });
    expect(requestsListSearchParams(parse('')).toString()).toBe('');
  });

  it('reads a tab, a status, a unit, the sort and the page, and writes them back', () => {
    const state = parse('view=company&status=rejected&company=12&sort=grandTotal&page=3&size=20');
    expect(state).toEqual({ view: 'company', status: 'rejected', company: 12, orderBy: 'grandTotal', page: 3, pageSize: 20 });
    expect(requestsListSearchParams(state).toString()).toBe('view=company&status=rejected&company=12&sort=grandTotal&size=20&page=3');
  });

  it('ignores what the tab does not take and what is not a value', () => {
    // The inbox holds pending requests only; only the company view filters by unit.
    expect(parse('status=rejected&company=12')).toMatchObject({ view: 'inbox', status: null, company: null });
    expect(parse('view=mine&status=rejected&company=12')).toMatchObject({ view: 'mine', status: 'rejected', company: null });
    expect(parse('view=all&status=lost&sort=name&page=0&size=7')).toEqual(parse(''));
    // The company view without get_orders level 2 is the inbox.
    expect(parse('view=company', false).view).toBe('inbox');
  });

  it('sends every argument, null where it does not filter', () => {
    expect(requestsVariables(parse('view=mine&status=placed&page=2'))).toEqual({
      view: 'mine', first: 10, offset: 10, status: 'placed', companyId: null, orderBy: '-createdAt',
    });
    expect(requestsVariables(parse('view=company&company=12'), 12)).toMatchObject({ view: 'company', companyId: 12 });
    expect(requestsVariables(parse(''), 12)).toMatchObject({ view: 'inbox', status: null, companyId: null });
  });
});
