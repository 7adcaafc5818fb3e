import { matchPath } from 'react-router';

import a11yPages from '../../../tests/e2e/a11y_pages.json';
import { ROLE, type RoleCode } from '../lib/permissions';
import { ROUTE_TABLE } from './routeTable';

// Issue 15: the browser suite's axe check (tests/e2e/test_accessibility.py) reads its pages from a11y_pages.json.
// A page added to the route table fails here until it is in that list, for the roles it is checked for.

type RoleName = keyof typeof ROLE;

interface OverlayEntry {
  route: string;
  path?: string;
  roles: string[];
}

const overlay: readonly OverlayEntry[] = a11yPages.overlay;
const checkedRoles = Object.keys(a11yPages.roles);

function roleCode(name: string): RoleCode {
  expect(Object.keys(ROLE), `"${name}" is not a role of lib/permissions ROLE`).toContain(name);
  return ROLE[name as RoleName];
}

describe('the pages of the accessibility check (tests/e2e/a11y_pages.json)', () => {
  it('holds every route that has a page, once', () => {
    const withPages: readonly string[] = ROUTE_TABLE.filter((route) => route.hasPage).map((route) => route.path);
    const listed = overlay.map((entry) => entry.route);
    expect({
      notChecked: withPages.filter((path) => !listed.includes(path)),
      notPages: listed.filter((path) => !withPages.includes(path)),
      twice: listed.filter((path, index) => listed.indexOf(path) !== index),
    }).toEqual({ notChecked: [], notPages: [], twice: [] });
  });

  it('checks each route for at least one role, and only for roles the route table lets in', () => {
    for (const entry of overlay) {
      const route = ROUTE_TABLE.find((candidate) => candidate.path === entry.route);
      expect(entry.roles.length, entry.route).toBeGreaterThan(0);
      for (const role of entry.roles) {
        expect(checkedRoles, `${entry.route}: the role "${role}" has no account in the list`).toContain(role);
        expect(route?.roles, `${entry.route} does not let "${role}" in`).toContain(roleCode(role));
      }
    }
  });

  it('names a page for each route with parameters, which the route matches', () => {
    for (const entry of overlay) {
      const path = entry.path ?? entry.route;
      expect(path.includes(':'), `${entry.route}: give a "path" with the parameters filled in`).toBe(false);
      const filled = path.replace(/\{\w+\}/g, '1');
      expect(matchPath({ path: entry.route, end: true }, filled), `${path} is not a page of ${entry.route}`).not.toBeNull();
    }
  });

  it('signs in a real role for every role it checks', () => {
    for (const role of checkedRoles) roleCode(role);
  });
});
