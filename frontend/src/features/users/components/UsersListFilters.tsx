import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { CompanyRole } from '../api/companyRoles';
import { MAX_USER_SEARCH_LENGTH } from '../api/companyUsers';
import { usersMessages } from '../messages';
import { useRoleLabel } from '../roleLabel';
import { roleValue } from '../userForm';
import { hasUserFilters, parseRoleFilter, roleFilterValue, type UsersListFilters as Filters } from '../usersListParams';

/** Typing settles for this long before the list is asked for again: one request per search, not per key. */
export const USERS_FILTER_DELAY_MS = 300;

const Form = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2),
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: theme.spacing(2),
})) as typeof Paper;

const SearchField = styled(TextField)({ flex: '2 1 260px' });
const RoleField = styled(TextField)({ flex: '1 1 200px' });
const ClearButton = styled(Button)({ flex: '0 0 auto', alignSelf: 'center' });

export interface UsersListFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: Filters;
  /** The company's roles: built-in ones, then custom ones (none yet while they load). */
  roles: readonly CompanyRole[];
  onChange(filters: Filters): void;
  onClear(): void;
}

/** Search and role filter of the users list. The text is applied once typing settles or on Enter; the role at once. */
export function UsersListFilters({ filters, roles, onChange, onClear }: UsersListFiltersProps) {
  const t = useMessages(usersMessages);
  const roleLabel = useRoleLabel();
  const [search, setSearch] = useState(filters.search);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL changed on its own (back / forward, a link): the field follows it, unless it already means the same.
  useEffect(() => {
    setSearch((current) => (current.trim() === filters.search ? current : filters.search));
  }, [filters.search]);

  const apply = (value: string) => {
    clearTimeout(timer.current);
    const next = value.trim().slice(0, MAX_USER_SEARCH_LENGTH);
    if (next !== latest.current.filters.search) latest.current.onChange({ ...latest.current.filters, search: next });
  };

  const edit = (value: string) => {
    setSearch(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(value), USERS_FILTER_DELAY_MS);
  };

  const onRole = (value: string) => {
    clearTimeout(timer.current);
    // One request for everything changed so far: what was typed goes along.
    onChange({ search: search.trim().slice(0, MAX_USER_SEARCH_LENGTH), role: parseRoleFilter(value) });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(search);
  };

  const clear = () => {
    clearTimeout(timer.current);
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
    <Form variant="outlined" component="form" role="search" aria-label={t('users.filters.label')} onSubmit={onSubmit} noValidate>
      <SearchField
        type="search"
        size="small"
        label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        value={search}
        onChange={(event) => edit(event.target.value)}
        // The role select's hidden input counts as a second field, so Enter would not submit the form by itself.
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply(search);
          }
        }}
        slotProps={{ htmlInput: { maxLength: MAX_USER_SEARCH_LENGTH } }}
      />
      <RoleField
        select
        size="small"
        label={t('users.filter.role')}
        value={known ? current : ''}
        onChange={(event) => onRole(event.target.value)}
        // "All roles" is a choice of its own, shown like the others.
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
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
      <ClearButton variant="text" onClick={clear} disabled={!dirty}>
        {t('users.clearFilters')}
      </ClearButton>
    </Form>
  );
}
