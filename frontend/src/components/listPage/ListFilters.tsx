import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { DateRangeFields } from './DateRangeFields';
import { typedDateRange } from './dateRange';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField } from './FilterBar';
import { useFilterDraft } from './useFilterDraft';

// The filter bar of a list page (orders, invoices, quotes, shopping lists, purchased products): a search field, the
// list's selects, a date range when the list has one, and "clear". Typed text and dates are applied once typing
// settles (FILTER_DELAY_MS) or on Enter, and only when the range is valid; a select at once, with whatever was typed.

/** The filters a bar edits: the search text, and the date range when it has one (YYYY-MM-DD, null when open). */
export interface SearchFilters {
  search: string;
  dateFrom?: string | null;
  dateTo?: string | null;
}

export interface FilterSelect<F> {
  /** Tells the select apart among the bar's (React's key). */
  name: string;
  label: string;
  /** The text of the choice that filters nothing ("All statuses", "Anyone"). */
  allLabel: string;
  /** The choice the filters show; '' for "all". */
  value: string;
  choices: readonly { value: string; label: string }[];
  /** The filters' change for a choice ('' for "all"). */
  choose(value: string): Partial<F>;
}

export interface ListFiltersProps<F extends SearchFilters> {
  /** The filters the list shows (from the URL). */
  filters: F;
  onChange(filters: F): void;
  onClear(): void;
  /** The bar's name for assistive technology, the search field's label and placeholder, the clear button's text. */
  texts: { label: string; search: string; searchPlaceholder: string; clear: string };
  /** The longest search the server takes; longer text is cut. */
  searchMaxLength: number;
  /** The search field's and each select's share of the bar's width (CSS flex). */
  searchFlex: string;
  selectFlex?: string;
  selects?: readonly FilterSelect<F>[];
  /** The date range's labels and the text shown while the start is after the end; none: no date range. */
  dateRange?: { fromLabel: string; toLabel: string; invalidText: string };
  /** The filters' equality, "no filter" and whether any is set: "clear" is enabled while one is, or text is typed. */
  same(a: F, b: F): boolean;
  none: F;
  hasFilters(filters: F): boolean;
}

type Draft = { search: string; dateFrom: string; dateTo: string };

const SelectField = styled(TextField, { shouldForwardProp: (prop) => prop !== 'flex' })<{ flex: string }>(({ flex }) => ({ flex }));

/** One filter bar for every list: what differs between lists is said by the props. */
export function ListFilters<F extends SearchFilters>(props: ListFiltersProps<F>) {
  const { filters, onChange, onClear, texts, searchMaxLength, searchFlex, selectFlex = '1 1 150px', selects = [], dateRange, same, none, hasFilters } = props;
  const { draft, edit, apply, choose, clear, typed } = useFilterDraft<F, Draft>({
    filters,
    onChange,
    onClear,
    draftOf: (value) => ({ search: value.search, dateFrom: value.dateFrom ?? '', dateTo: value.dateTo ?? '' }),
    toFilters: (typedDraft, base) => {
      const search = typedDraft.search.trim().slice(0, searchMaxLength);
      if (!dateRange) return { ...base, search };
      const range = typedDateRange(typedDraft.dateFrom, typedDraft.dateTo);
      return range && { ...base, ...range, search };
    },
    same,
    none,
  });

  return (
    <FilterBar label={texts.label} onSubmit={() => apply()}>
      <FilterSearchField
        label={texts.search}
        placeholder={texts.searchPlaceholder}
        value={draft.search}
        maxLength={searchMaxLength}
        flex={searchFlex}
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
      />
      {selects.map((select) => (
        <SelectField
          key={select.name}
          select
          size="small"
          label={select.label}
          value={select.value}
          onChange={(event) => choose(select.choose(event.target.value))}
          // "All" is a choice of its own, shown like the others.
          slotProps={FILTER_SELECT_SLOT_PROPS}
          flex={selectFlex}
        >
          <MenuItem value="">{select.allLabel}</MenuItem>
          {select.choices.map((choice) => (
            <MenuItem key={choice.value} value={choice.value}>
              {choice.label}
            </MenuItem>
          ))}
        </SelectField>
      ))}
      {dateRange && (
        <DateRangeFields
          from={draft.dateFrom}
          to={draft.dateTo}
          fromLabel={dateRange.fromLabel}
          toLabel={dateRange.toLabel}
          invalidText={dateRange.invalidText}
          onChange={edit}
        />
      )}
      <FilterClearButton onClick={clear} disabled={!hasFilters(filters) && !typed}>
        {texts.clear}
      </FilterClearButton>
    </FilterBar>
  );
}
