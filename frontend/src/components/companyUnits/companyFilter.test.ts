import { unitAncestry, type CompanyUnit } from '../../lib/user/companyUnits';
import { NORTHFIELD_UNITS } from '../../test/companyUnits';
import { chosenCompanyId, companyChoices, companyParam, setCompanyParam } from './companyFilter';

// Issue 40: what every list that spans units shares about its company filter.

const UNITS: CompanyUnit[] = NORTHFIELD_UNITS.map((unit) => ({ ...unit, isActing: false }));
const INDENT = '\u2003';

describe('the company filter of a list that spans units', () => {
  it('offers the unit acted for and every unit below it, in tree order, indented by level below it', () => {
    expect(companyChoices(UNITS, 1).map((choice) => choice.label)).toEqual([
      'Northfield University', `${INDENT}Chemistry`, `${INDENT}${INDENT}Organic Synthesis Lab`, `${INDENT}Biology`, `${INDENT}${INDENT}Genetics Lab`,
    ]);
    // Acting for Chemistry: its subtree only, Chemistry at the top; Biology beside it is left out.
    expect(companyChoices(UNITS, 5)).toEqual([
      { value: '5', label: 'Chemistry', depth: 0 },
      { value: '12', label: `${INDENT}Organic Synthesis Lab`, depth: 1 },
    ]);
    expect(companyChoices(UNITS, 13)).toEqual([{ value: '13', label: 'Genetics Lab', depth: 0 }]);
    // Units the caller does not know (a masquerade: companyUnits is empty): nothing to choose.
    expect(companyChoices([], 1)).toEqual([]);
    expect(companyChoices(UNITS, 99)).toEqual([]);
  });

  it('asks for the unit of the URL unless the units are known and it is not among them', () => {
    const choices = companyChoices(UNITS, 5);
    expect(chosenCompanyId(12, choices)).toBe(12);
    expect(chosenCompanyId(13, choices)).toBeNull();
    expect(chosenCompanyId(13, undefined)).toBe(13);
    expect(chosenCompanyId(null, choices)).toBeNull();
  });

  it('keeps the unit in the URL as `company`, a positive id or nothing', () => {
    expect(companyParam(new URLSearchParams('company=12'))).toBe(12);
    expect(companyParam(new URLSearchParams('company=0'))).toBeNull();
    expect(companyParam(new URLSearchParams('company=lab'))).toBeNull();
    expect(companyParam(new URLSearchParams('company=1234567890'))).toBeNull();
    expect(setCompanyParam(new URLSearchParams('status=open'), 12).toString()).toBe('status=open&company=12');
    expect(setCompanyParam(new URLSearchParams(), null).toString()).toBe('');
  });

  it('names the units above each unit, for a search result out of its place in the tree', () => {
    const ancestry = unitAncestry(UNITS);
    expect(ancestry.get(12)).toEqual(['Northfield University', 'Chemistry']);
    expect(ancestry.get(1)).toEqual([]);
    // A parent outside the list (the caller's own company is the top) ends the walk; so does a cycle.
    const cyclic: CompanyUnit[] = [
      { id: 2, companyName: 'A', parentId: 3, depth: 1, isActing: false, isHome: false },
      { id: 3, companyName: 'B', parentId: 2, depth: 1, isActing: false, isHome: false },
    ];
    expect(unitAncestry(cyclic).get(2)).toEqual(['B']);
  });
});
