import { positiveInteger } from '../listPage/listParams';
import type { CompanyUnit } from '../../lib/user/companyUnits';

// Issue 40: a list that spans the units below the one acted for has a "Company" column and filter. What the lists
// share about the filter: its URL parameter, its choices, and the id it sends.

/** The filter's parameter in a list's URL (`#/company-orders?company=12`). */
export const COMPANY_PARAM = 'company';

/** The unit chosen in a list's URL, or null (none, or not an id). */
export function companyParam(params: URLSearchParams): number | null {
  return positiveInteger(params.get(COMPANY_PARAM), 9);
}

/** Writes the chosen unit into a list's URL query (left out when none is). */
export function setCompanyParam(params: URLSearchParams, companyId: number | null): URLSearchParams {
  if (companyId !== null) params.set(COMPANY_PARAM, String(companyId));
  return params;
}

export interface CompanyChoice {
  value: string;
  /** The unit's name, indented by its level below the unit acted for (em spaces: white space HTML keeps). */
  label: string;
  depth: number;
}

const INDENT = '\u2003';

/**
 * The units a list spans: the one acted for and every unit below it, in tree order, each indented by its level
 * below the one acted for. `units` are the caller's (companyUnits: their own company and the units below it).
 */
export function companyChoices(units: readonly CompanyUnit[], actingId: number | null): CompanyChoice[] {
  const start = units.findIndex((unit) => unit.id === actingId);
  if (start < 0) return [];
  const top = units[start]!.depth;
  const spanned = [units[start]!];
  for (const unit of units.slice(start + 1)) {
    if (unit.depth <= top) break;
    spanned.push(unit);
  }
  return spanned.map((unit) => ({ value: String(unit.id), label: INDENT.repeat(unit.depth - top) + unit.companyName, depth: unit.depth - top }));
}

/**
 * The `companyId` a list asks for: the unit of its URL, unless the units are known and it is not among them (a link
 * of another unit, or one left from before a switch): then every unit, rather than a refusal.
 */
export function chosenCompanyId(companyId: number | null, choices: readonly CompanyChoice[] | undefined): number | null {
  if (companyId === null || choices === undefined) return companyId;
  return choices.some((choice) => choice.value === String(companyId)) ? companyId : null;
}
