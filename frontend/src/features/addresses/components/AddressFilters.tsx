import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { CompanyFilterSelect } from '../../../components/companyUnits/CompanyFilterSelect';
import type { CompanyFilter } from '../../../components/companyUnits/useCompanyFilter';
import { FILTER_SELECT_SLOT_PROPS, FilterBar, FilterClearButton, FilterSearchField, enterKey } from '../../../components/listPage/FilterBar';
import { useFilterDraft } from '../../../components/listPage/useFilterDraft';
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

const draftOf = (filters: AddressListFilters) => ({ search: filters.search, city: filters.city });

const toFilters = (draft: ReturnType<typeof draftOf>, base: AddressListFilters): AddressListFilters => ({
  ...base,
  search: draft.search.trim().slice(0, MAX_ADDRESS_FILTER_LENGTH),
  city: draft.city.trim().slice(0, MAX_ADDRESS_FILTER_LENGTH),
});

export interface AddressFiltersProps {
  /** The filters the list shows (from the URL). */
  filters: AddressListFilters;
  countries: readonly Country[] | undefined;
  /** The unit filter of a book that spans units (issue 40). */
  companyFilter: CompanyFilter;
  onChange(filters: AddressListFilters): void;
  onClear(): void;
}

/**
 * Search, country, state, city and kind of the address book. The texts are applied once typing
 * settles (FILTER_DELAY_MS) or on Enter, the choices at once. The state is offered where the chosen country
 * has a list of states.
 */
export function AddressFilters({ filters, countries, companyFilter, onChange, onClear }: AddressFiltersProps) {
  const t = useMessages(addressMessages);
  const { draft, edit, apply, choose, clear, typed } = useFilterDraft({
    filters,
    onChange,
    onClear,
    draftOf,
    toFilters,
    same: sameAddressFilters,
    none: NO_ADDRESS_FILTERS,
  });

  const states = filters.country ? statesOf(countries, filters.country) : [];
  const knownCountry = !filters.country || (countries ?? []).some((country) => country.countryCode === filters.country);
  const dirty = hasAddressFilters(filters) || typed;

  return (
    <FilterBar label={t('addresses.filters.label')} onSubmit={() => apply()}>
      <FilterSearchField
        label={t('addresses.search')}
        placeholder={t('addresses.searchPlaceholder')}
        value={draft.search}
        maxLength={MAX_ADDRESS_FILTER_LENGTH}
        flex="3 1 220px"
        onChange={(search) => edit({ search })}
        onEnter={() => apply()}
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
        onKeyDown={(event) => enterKey(event, () => apply())}
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
      <CompanyFilterSelect filter={companyFilter} value={filters.company} onChange={(company) => choose({ company })} flex="1 1 170px" />
      <FilterClearButton onClick={clear} disabled={!dirty}>
        {t('addresses.clearFilters')}
      </FilterClearButton>
    </FilterBar>
  );
}
