import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField, useFilterTimer } from '../../../components/listPage/FilterBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { SHOPPING_LIST_STATUSES, isShoppingListStatus, makerName } from '../api/shoppingListFields';
import type { ShoppingListCreator } from '../api/shoppingListMakers';
import { MAX_SHOPPING_LIST_SEARCH_LENGTH } from '../api/shoppingLists';
import { shoppingListsMessages } from '../messages';
import { SHOPPING_LIST_STATUS_LABEL } from '../shoppingListTexts';
import { NO_SHOPPING_LIST_FILTERS, hasShoppingListFilters, sameShoppingListFilters, type ShoppingListsFilters as Filters } from '../shoppingListsParams';

const SelectField = styled(TextField)({ flex: '1 1 180px' });

export interface ShoppingListsFiltersProps {
  filters: Filters;
  /** A company's lists have statuses (an individual customer's are all approved). */
  statuses: boolean;
  /** The choices of the "created by" filter; null: no such filter (an individual customer, a level-1 caller). */
  makers: readonly ShoppingListCreator[] | null;
  onChange(filters: Filters): void;
  onClear(): void;
}

/**
 * Search (name or description), status and who made the list. Text is applied once typing settles
 * (FILTER_DELAY_MS) or on Enter, the selects at once.
 */
export function ShoppingListsFilters({ filters, statuses, makers, onChange, onClear }: ShoppingListsFiltersProps) {
  const t = useMessages(shoppingListsMessages);
  const [search, setSearch] = useState(filters.search);
  const timer = useFilterTimer(filters, onChange);
  const { latest } = timer;

  // The URL changed on its own (back / forward, a link): the field follows it, unless it already means the same.
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.search ? current : filters.search));
  }, [filters.search]);

  const apply = (value: string) => {
    timer.cancel();
    const next = { ...latest.current.filters, search: value.trim().slice(0, MAX_SHOPPING_LIST_SEARCH_LENGTH) };
    if (!sameShoppingListFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const choose = (change: Partial<Filters>) => {
    timer.cancel();
    const next = { ...filters, search: search.trim().slice(0, MAX_SHOPPING_LIST_SEARCH_LENGTH), ...change };
    if (!sameShoppingListFilters(next, filters)) onChange(next);
  };

  const clear = () => {
    timer.cancel();
    setSearch(NO_SHOPPING_LIST_FILTERS.search);
    onClear();
  };

  // A maker in the URL who is not among the choices (yet) is shown as "anyone" rather than as a bare id.
  const createdBy = filters.createdBy !== null && makers?.some((maker) => maker.id === filters.createdBy) ? String(filters.createdBy) : '';
  const dirty = hasShoppingListFilters(filters) || search.trim() !== '';

  return (
    <FilterBar label={t('shoppingLists.filters.label')} onSubmit={() => apply(search)}>
      <FilterSearchField
        label={t('shoppingLists.search')}
        placeholder={t('shoppingLists.searchPlaceholder')}
        value={search}
        maxLength={MAX_SHOPPING_LIST_SEARCH_LENGTH}
        flex="2 1 220px"
        onChange={(value) => {
          setSearch(value);
          timer.schedule(() => apply(value));
        }}
        onEnter={() => apply(search)}
      />
      {statuses && (
        <SelectField
          select
          size="small"
          label={t('shoppingLists.filter.status')}
          value={filters.status === null ? '' : String(filters.status)}
          onChange={(event) => {
            const value = event.target.value === '' ? null : Number(event.target.value);
            choose({ status: isShoppingListStatus(value) ? value : null });
          }}
          slotProps={FILTER_SELECT_SLOT_PROPS}
        >
          <MenuItem value="">{t('shoppingLists.filter.allStatuses')}</MenuItem>
          {SHOPPING_LIST_STATUSES.map((status) => (
            <MenuItem key={status} value={String(status)}>
              {t(SHOPPING_LIST_STATUS_LABEL[status])}
            </MenuItem>
          ))}
        </SelectField>
      )}
      {makers && (
        <SelectField
          select
          size="small"
          label={t('shoppingLists.filter.createdBy')}
          value={createdBy}
          onChange={(event) => choose({ createdBy: event.target.value ? Number(event.target.value) : null })}
          slotProps={FILTER_SELECT_SLOT_PROPS}
        >
          <MenuItem value="">{t('shoppingLists.filter.anyone')}</MenuItem>
          {makers.map((maker) => (
            <MenuItem key={maker.id} value={String(maker.id)}>
              {makerName(maker)}
            </MenuItem>
          ))}
        </SelectField>
      )}
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('shoppingLists.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
