import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { statesOf, type Country } from '../../../lib/countries';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import {
  ADDRESS_KINDS,
  NO_ADDRESS_FILTERS,
  hasAddressFilters,
  sameAddressFilters,
  type AddressKindFilter,
  type AddressListFilters,
} from '../addressListParams';
import { MAX_ADDRESS_FILTER_LENGTH } from '../api/addresses';
import { addressMessages } from '../messages';

/** Typing settles for this long before the list is asked for again: one request per search, not per key. */
export const ADDRESS_FILTER_DELAY_MS = 300;

const KIND_LABEL = {
  shipping: 'addresses.filter.kindShipping',
  billing: 'addresses.filter.kindBilling',
} as const satisfies Record<AddressKindFilter, string>;

const Form = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(2),
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: theme.spacing(2),
})) as typeof Paper;

const SearchField = styled(TextField)({ flex: '3 1 220px' });
const SelectField = styled(TextField)({ flex: '1 1 170px' });
const CityField = styled(TextField)({ flex: '1 1 160px' });
const ClearButton = styled(Button)({ flex: '0 0 auto', alignSelf: 'center' });

interface Draft {
  search: string;
  city: string;
}

const draftOf = (filters: AddressListFilters): Draft => ({ search: filters.search, city: filters.city });

export interface AddressFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: AddressListFilters;
  countries: readonly Country[] | undefined;
  onChange(filters: AddressListFilters): void;
  onClear(): void;
}

/**
 * Search, country, state, city and kind of the address book. The texts are applied once typing
 * settles (ADDRESS_FILTER_DELAY_MS) or on Enter, the choices at once. The state is offered where the chosen country
 * has a list of states.
 */
export function AddressFilters({ filters, countries, onChange, onClear }: AddressFiltersProps) {
  const t = useMessages(addressMessages);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ filters, onChange });
  useEffect(() => {
    latest.current = { filters, onChange };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL changed on its own (back / forward, a link): the fields follow it, unless they already mean the same.
  useEffect(() => {
    setDraft((current) => (current.search.trim() === filters.search ? current : { ...current, search: filters.search }));
  }, [filters.search]);
  useEffect(() => {
    setDraft((current) => (current.city.trim() === filters.city ? current : { ...current, city: filters.city }));
  }, [filters.city]);

  const withDraft = (value: Draft, base: AddressListFilters): AddressListFilters => ({
    ...base,
    search: value.search.trim().slice(0, MAX_ADDRESS_FILTER_LENGTH),
    city: value.city.trim().slice(0, MAX_ADDRESS_FILTER_LENGTH),
  });

  const apply = (value: Draft) => {
    clearTimeout(timer.current);
    const next = withDraft(value, latest.current.filters);
    if (!sameAddressFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => apply(next), ADDRESS_FILTER_DELAY_MS);
  };

  /** A choice applies at once, with whatever was typed so far (one request for everything changed). */
  const choose = (change: Partial<AddressListFilters>) => {
    clearTimeout(timer.current);
    const next = withDraft(draft, { ...filters, ...change });
    if (!sameAddressFilters(next, filters)) onChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    apply(draft);
  };

  const onEnter = (event: { key: string; preventDefault(): void }) => {
    // The form has several fields, so Enter would not submit it by itself.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply(draft);
    }
  };

  const clear = () => {
    clearTimeout(timer.current);
    setDraft(draftOf(NO_ADDRESS_FILTERS));
    onClear();
  };

  const states = filters.country ? statesOf(countries, filters.country) : [];
  const knownCountry = !filters.country || (countries ?? []).some((country) => country.countryCode === filters.country);
  const dirty = hasAddressFilters(filters) || draft.search.trim() !== '' || draft.city.trim() !== '';

  return (
    <Form variant="outlined" component="form" role="search" aria-label={t('addresses.filters.label')} onSubmit={onSubmit} noValidate>
      <SearchField
        type="search"
        size="small"
        label={t('addresses.search')}
        placeholder={t('addresses.searchPlaceholder')}
        value={draft.search}
        onChange={(event) => edit({ search: event.target.value })}
        onKeyDown={onEnter}
        slotProps={{ htmlInput: { maxLength: MAX_ADDRESS_FILTER_LENGTH } }}
      />
      <SelectField
        select
        size="small"
        label={t('addresses.filter.country')}
        value={filters.country ?? ''}
        onChange={(event) => choose({ country: event.target.value || null, state: null })}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('addresses.filter.allCountries')}</MenuItem>
        {/* A country code from a link that the store no longer lists stays shown as it is. */}
        {!knownCountry && filters.country && <MenuItem value={filters.country}>{filters.country}</MenuItem>}
        {(countries ?? []).map((country) => (
          <MenuItem key={country.countryCode} value={country.countryCode}>
            {country.countryName}
          </MenuItem>
        ))}
      </SelectField>
      {states.length > 0 && (
        <SelectField
          select
          size="small"
          label={t('addresses.filter.state')}
          value={filters.state ?? ''}
          onChange={(event) => choose({ state: event.target.value || null })}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('addresses.filter.allStates')}</MenuItem>
          {filters.state && !states.some((state) => state.stateCode === filters.state) && (
            <MenuItem value={filters.state}>{filters.state}</MenuItem>
          )}
          {states.map((state) => (
            <MenuItem key={state.stateCode} value={state.stateCode}>
              {state.stateName}
            </MenuItem>
          ))}
        </SelectField>
      )}
      <CityField
        size="small"
        label={t('addresses.filter.city')}
        value={draft.city}
        onChange={(event) => edit({ city: event.target.value })}
        onKeyDown={onEnter}
        slotProps={{ htmlInput: { maxLength: MAX_ADDRESS_FILTER_LENGTH } }}
      />
      <SelectField
        select
        size="small"
        label={t('addresses.filter.kind')}
        value={filters.kind ?? ''}
        onChange={(event) => {
          const value = event.target.value;
          choose({ kind: (ADDRESS_KINDS as readonly string[]).includes(value) ? (value as AddressKindFilter) : null });
        }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">{t('addresses.filter.kindAll')}</MenuItem>
        {ADDRESS_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(KIND_LABEL[kind])}
          </MenuItem>
        ))}
      </SelectField>
      <ClearButton variant="text" onClick={clear} disabled={!dirty}>
        {t('addresses.clearFilters')}
      </ClearButton>
    </Form>
  );
}
