import { useMemo } from 'react';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { useCompanyUnits } from '../../lib/user/companyUnits';
import { useCustomerInfo } from '../../lib/user/customerInfo';
import type { DataTableColumn } from '../dataTable/DataTable';
import { dataTableMessages } from '../dataTable/messages';
import type { FilterSelect } from '../listPage/ListFilters';
import { chosenCompanyId, companyChoices, type CompanyChoice } from './companyFilter';

// Issue 40: where the server says a list spans the units below the one acted for (companyInfo.spansUnits), the list
// shows each row's company and filters by one. Without it nothing changes: no column, no filter, no request.

const NONE = '—';

/** Whether the company-wide lists cover several units (the signed-in user's companyInfo.spansUnits). */
export function useSpansUnits(): boolean {
  return useCustomerInfo().data?.companyInfo?.spansUnits ?? false;
}

/**
 * The unit acted for, when the company-wide lists span the units below it (their subtitles then say "… of Chemistry
 * and its units"); null otherwise.
 */
export function useSpannedUnitName(): string | null {
  const company = useCustomerInfo().data?.companyInfo;
  return company?.spansUnits ? company.companyName : null;
}

/**
 * The "Company" column of a list that spans units (null otherwise): each row's unit, by `nameOf`. Not sorted: the
 * server sorts by the list's own fields.
 */
export function useCompanyColumn<Row>(nameOf: (row: Row) => string | null | undefined): DataTableColumn<Row, never> | null {
  const t = useMessages(dataTableMessages);
  const spans = useSpansUnits();
  if (!spans) return null;
  return { id: 'company', header: t('dataTable.company'), cell: (row) => nameOf(row) || NONE };
}

/** Puts the company column after a table's first column (the one naming the row), when there is one. */
export function withCompanyColumn<Column>(columns: Column[], company: Column | null): Column[] {
  return company ? [...columns.slice(0, 1), company, ...columns.slice(1)] : columns;
}

export interface CompanyFilter {
  /** The list spans units: it has the column and (with more than one unit to choose) the filter. */
  spansUnits: boolean;
  /** The units to choose from, the one acted for first; undefined while they load (or when the list spans none). */
  choices: readonly CompanyChoice[] | undefined;
  /** The filter's label and its "every unit" choice. */
  label: string;
  allLabel: string;
  /** Whether there is a choice to make (the filter is shown). */
  shown: boolean;
  /** The `companyId` the list asks for, given the unit of its URL: null when the list spans no units. */
  companyIdOf(companyId: number | null): number | null;
  /** The filter as a select of ListFilters (null when not shown); `choose` turns a unit (null: all) into the change. */
  select<F>(companyId: number | null, choose: (companyId: number | null) => Partial<F>): FilterSelect<F> | null;
}

/**
 * The company filter of a list, fed by `companyUnits` (asked only when the list spans units). `company: false` for a
 * list that never spans units (My orders: the caller's own), which then behaves as one of a flat company.
 */
export function useCompanyFilter({ company: companyWide = true }: { company?: boolean } = {}): CompanyFilter {
  const t = useMessages(dataTableMessages);
  const company = useCustomerInfo().data?.companyInfo;
  const spansUnits = companyWide && (company?.spansUnits ?? false);
  const actingId = company?.id ?? null;
  const units = useCompanyUnits({ enabled: spansUnits });
  const choices = useMemo(() => (spansUnits && units.data ? companyChoices(units.data, actingId) : undefined), [spansUnits, units.data, actingId]);
  const shown = spansUnits && (choices?.length ?? 0) > 1;
  const label = t('dataTable.company');
  const allLabel = t('dataTable.companyAll');
  return {
    spansUnits,
    choices,
    label,
    allLabel,
    shown,
    companyIdOf: (companyId) => (spansUnits ? chosenCompanyId(companyId, choices) : null),
    select: (companyId, choose) => {
      if (!shown) return null;
      const value = chosenCompanyId(companyId, choices);
      return {
        name: 'company',
        label,
        allLabel,
        value: value === null ? '' : String(value),
        choices: choices ?? [],
        choose: (chosen) => choose(chosen ? Number(chosen) : null),
      };
    },
  };
}
