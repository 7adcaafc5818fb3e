import { parseUsersListParams, usersListSearchParams, usersVariables } from './usersListParams';

describe('the users list’s URL state', () => {
  it('reads search, role (built-in or custom), sort, page, size and tab, and writes back only what is not a default', () => {
    const state = parseUsersListParams(new URLSearchParams('search=%20nia%20&role=5:14&sort=-createdAt&page=3&size=20&tab=activity'));
    expect(state).toEqual({
      search: 'nia', role: { role: 5, customRoleId: 14 }, company: null, orderBy: '-createdAt', page: 3, pageSize: 20, tab: 'activity',
    });
    expect(usersVariables(state)).toEqual({ first: 20, offset: 40, search: 'nia', role: 5, customRoleId: 14, orderBy: '-createdAt', companyId: null });
    expect(usersListSearchParams(state).toString()).toBe('tab=activity&search=nia&role=5%3A14&sort=-createdAt&size=20&page=3');
    expect(usersListSearchParams(parseUsersListParams(new URLSearchParams())).toString()).toBe('');
  });

  it('falls back to the defaults for anything malformed: a custom role id on a built-in role, unknown sorts, sizes and tabs', () => {
    expect(parseUsersListParams(new URLSearchParams('role=2:14&sort=password&page=0&size=7&tab=secret'))).toEqual({
      search: '', role: null, company: null, orderBy: 'lastName', page: 1, pageSize: 10, tab: 'users',
    });
    expect(parseUsersListParams(new URLSearchParams('role=2')).role).toEqual({ role: 2, customRoleId: null });
  });

  it('reads the unit of a list that spans units (issue 40) and sends the one chosen', () => {
    const state = parseUsersListParams(new URLSearchParams('company=12&role=2'));
    expect(state.company).toBe(12);
    expect(usersListSearchParams(state).toString()).toBe('role=2&company=12');
    expect(usersVariables(state, 12)).toEqual({ first: 10, offset: 0, search: null, role: 2, customRoleId: null, orderBy: 'lastName', companyId: 12 });
  });
});
