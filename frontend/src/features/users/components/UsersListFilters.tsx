import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { CompanyFilterSelect } from '../../../components/companyUnits/CompanyFilterSelect';
import type { CompanyFilter } from '../../../components/companyUnits/useCompanyFilter';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField, useFilterTimer } from '../../../components/listPage/FilterBar';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyRole } from '../api/companyRoles';
import { MAX_USER_SEARCH_LENGTH } from '../api/companyUsers';
import { usersMessages } from '../messages';
import { useRoleLabel } from '../roleLabel';
import { roleValue } from '../userForm';
import { hasUserFilters, parseRoleFilter, roleFilterValue, type UsersListFilters as Filters } from '../usersListParams';

/** Typing settles for this long before the list is asked for again: one request per search, not per key. */
const RoleField = styled(TextField)({ flex: '1 1 200px' });

export interface UsersListFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: Filters;
  /** The company's roles: built-in ones, then custom ones (none yet while they load). */
  roles: readonly CompanyRole[];
  /** The unit filter of a list that spans units (issue 40). */
  companyFilter: CompanyFilter;
  onChange(filters: Filters): void;
  onClear(): void;
}

/** Search and role filter of the users list. The text is applied once typing settles or on Enter; the role at once. */
export function UsersListFilters({ filters, roles, companyFilter, onChange, onClear }: UsersListFiltersProps) {
  const t = useMessages(usersMessages);
  const roleLabel = useRoleLabel();
  const [search, setSearch] = useState(filters.search);
  const timer = useFilterTimer(filters, onChange);
  const { latest } = timer;

  // The URL changed on its own (back / forward, a link): the field follows it, unless it already means the same.
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.search ? current : filters.search));
  }, [filters.search]);

  const apply = (value: string) => {
    timer.cancel();
    const next = value.trim().slice(0, MAX_USER_SEARCH_LENGTH);
    if (next !== latest.current.filters.search) latest.current.onChange({ ...latest.current.filters, search: next });
  };

  const edit = (value: string) => {
    setSearch(value);
    timer.schedule(() => apply(value));
  };

  const onRole = (value: string) => {
    timer.cancel();
    // One request for everything changed so far: what was typed goes along.
    onChange({ ...filters, search: search.trim().slice(0, MAX_USER_SEARCH_LENGTH), role: parseRoleFilter(value) });
  };

  const onCompany = (company: number | null) => {
    timer.cancel();
    onChange({ ...filters, search: search.trim().slice(0, MAX_USER_SEARCH_LENGTH), company });
  };

  const clear = () => {
    timer.cancel();
    setSearch('');
    onClear();
  };

  const builtIn = roles.filter((role) => role.role !== 5);
  const custom = roles.filter((role) => role.role === 5);
  const current = roleFilterValue(filters.role);
  // A role in the URL that the company does not have (any more) is still shown as chosen.
  const known = current === '' || roles.some((role) => roleValue(role) === current);
  const dirty = hasUserFilters(filters) || search.trim() !== '';

  return (
    <FilterBar label={t('users.filters.label')} onSubmit={() => apply(search)}>
      <FilterSearchField
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        maxLength={MAX_USER_SEARCH_LENGTH}
        flex="2 1 260px"
        onChange={edit}
        // The role select's hidden input counts as a second field, so Enter would not submit the form by itself.
        onEnter={() => apply(search)}
      />
      <RoleField
        select
        size="small"
        label={t('users.filter.role')}
        value={known ? current : ''}
        onChange={(event) => onRole(event.target.value)}
        // "All roles" is a choice of its own, shown like the others.
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('users.filter.allRoles')}</MenuItem>
        {builtIn.map((role) => (
          <MenuItem key={roleValue(role)} value={roleValue(role)}>
            {roleLabel(role)}
          </MenuItem>
        ))}
        {custom.length > 0 && <ListSubheader>{t('users.filter.customRoles')}</ListSubheader>}
        {custom.map((role) => (
          <MenuItem key={roleValue(role)} value={roleValue(role)}>
            {roleLabel(role)}
          </MenuItem>
        ))}
      </RoleField>
      <CompanyFilterSelect filter={companyFilter} value={filters.company} onChange={onCompany} flex="1 1 200px" />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('users.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
