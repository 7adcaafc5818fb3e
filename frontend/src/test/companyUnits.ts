import type { CompanyUnit } from '../lib/user/companyUnits';
import type { CustomerInfo } from '../lib/user/customerInfo';
import { customer, type GraphQLResult } from './graphqlMock';

// Issue 40's tree as tests/factories' northfield_tree() builds it: Northfield University → Chemistry → Organic
// Synthesis Lab, and → Biology → Genetics Lab, in tree order.
export const NORTHFIELD_UNITS: readonly Omit<CompanyUnit, 'isActing'>[] = [
  { id: 1, companyName: 'Northfield University', parentId: null, depth: 0, isHome: true },
  { id: 5, companyName: 'Chemistry', parentId: 1, depth: 1, isHome: false },
  { id: 12, companyName: 'Organic Synthesis Lab', parentId: 5, depth: 2, isHome: false },
  { id: 6, companyName: 'Biology', parentId: 1, depth: 1, isHome: false },
  { id: 13, companyName: 'Genetics Lab', parentId: 6, depth: 2, isHome: false },
];

export const unitName = (id: number): string => NORTHFIELD_UNITS.find((unit) => unit.id === id)!.companyName;

/** `companyUnits` of the university's admin acting for `actingId`. */
export function companyUnitsResult(actingId = 1, units: readonly Omit<CompanyUnit, 'isActing'>[] = NORTHFIELD_UNITS): GraphQLResult {
  return { data: { companyUnits: units.map((unit) => ({ ...unit, isActing: unit.id === actingId })) } };
}

/**
 * A user of Northfield University (an admin unless `overrides` say otherwise) acting for `actingId`; the lists span
 * the units below it (companyInfo.spansUnits).
 */
export function northfieldUser(actingId = 1, overrides: Parameters<typeof customer>[0] = {}): CustomerInfo {
  const below = NORTHFIELD_UNITS.some((unit) => unit.parentId === actingId);
  return customer({
    role: 0,
    userInfo: { id: 21, firstName: 'Una', lastName: 'Admin', email: 'university_admin@northfield.test' },
    ...overrides,
    companyInfo: {
      id: actingId,
      companyName: unitName(actingId),
      homeCompanyId: 1,
      homeCompanyName: 'Northfield University',
      canSwitchUnits: true,
      spansUnits: below,
    },
  });
}
