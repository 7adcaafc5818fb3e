import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import {
  FILTER_SELECT_SLOT_PROPS,
  FilterBar,
  FilterClearButton,
  FilterSearchField,
  enterKey,
  useFilterTimer,
} from '../../../components/listPage/FilterBar';
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

const KIND_LABEL = {
  shipping: 'addresses.filter.kindShipping',
  billing: 'addresses.filter.kindBilling',
} as const satisfies Record<AddressKindFilter, string>;

const SelectField = styled(TextField)({ flex: '1 1 170px' });
const CityField = styled(TextField)({ flex: '1 1 160px' });

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
 * settles (FILTER_DELAY_MS) or on Enter, the choices at once. The state is offered where the chosen country
 * has a list of states.
 */
export function AddressFilters({ filters, countries, onChange, onClear }: AddressFiltersProps) {
  const t = useMessages(addressMessages);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const timer = useFilterTimer(filters, onChange);
  const { latest } = timer;

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
    timer.cancel();
    const next = withDraft(value, latest.current.filters);
    if (!sameAddressFilters(next, latest.current.filters)) latest.current.onChange(next);
  };

  const edit = (change: Partial<Draft>) => {
    const next = { ...draft, ...change };
    setDraft(next);
    timer.schedule(() => apply(next));
  };

  /** A choice applies at once, with whatever was typed so far (one request for everything changed). */
  const choose = (change: Partial<AddressListFilters>) => {
    timer.cancel();
    const next = withDraft(draft, { ...filters, ...change });
    if (!sameAddressFilters(next, filters)) onChange(next);
  };


  const clear = () => {
    timer.cancel();
    setDraft(draftOf(NO_ADDRESS_FILTERS));
    onClear();
  };

  const states = filters.country ? statesOf(countries, filters.country) : [];
  const knownCountry = !filters.country || (countries ?? []).some((country) => country.countryCode === filters.country);
  const dirty = hasAddressFilters(filters) || draft.search.trim() !== '' || draft.city.trim() !== '';

  return (
    <FilterBar label={t('addresses.filters.label')} onSubmit={() => apply(draft)}>
      <FilterSearchField
        label={t('addresses.search')}
        placeholder={t('addresses.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_ADDRESS_FILTER_LENGTH}
        flex="3 1 220px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply(draft)}
      />
      <SelectField
        select
        size="small"
        label={t('addresses.filter.country')}
        value={filters.country ?? ''}
        onChange={(event) => choose({ country: event.target.value || null, state: null })}
        slotProps={FILTER_SELECT_SLOT_PROPS}
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
          slotProps={FILTER_SELECT_SLOT_PROPS}
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
        onKeyDown={(event) => enterKey(event, () => apply(draft))}
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
        slotProps={FILTER_SELECT_SLOT_PROPS}
      >
        <MenuItem value="">{t('addresses.filter.kindAll')}</MenuItem>
        {ADDRESS_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {t(KIND_LABEL[kind])}
          </MenuItem>
        ))}
      </SelectField>
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('addresses.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
