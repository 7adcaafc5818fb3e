import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { styled } from '@mui/material/styles';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ADDRESS_SORTS } from '../addressListParams';
import type { AddressOrderBy } from '../api/addresses';
import { addressMessages } from '../messages';

const SORT_LABEL = {
  label: 'addresses.sort.label',
  '-createdAt': 'addresses.sort.newest',
  '-updatedAt': 'addresses.sort.updated',
  lastName: 'addresses.sort.lastName',
  city: 'addresses.sort.city',
  country: 'addresses.sort.country',
} as const satisfies Record<(typeof ADDRESS_SORTS)[number], string>;

// Not the theme's full width: the list's order sits at its right edge.
const SortField = styled(TextField)({ width: 260, maxWidth: '100%' });

/** The order of the address cards (sorted on the server). */
export function AddressSort({ orderBy, onChange }: { orderBy: AddressOrderBy; onChange(orderBy: AddressOrderBy): void }) {
  const t = useMessages(addressMessages);
  return (
    <SortField
      select
      fullWidth={false}
      size="small"
      label={t('addresses.sortBy')}
      value={orderBy}
      onChange={(event) => {
        const value = ADDRESS_SORTS.find((sort) => sort === event.target.value);
        if (value && value !== orderBy) onChange(value);
      }}
    >
      {ADDRESS_SORTS.map((sort) => (
        <MenuItem key={sort} value={sort}>
          {t(SORT_LABEL[sort])}
        </MenuItem>
      ))}
    </SortField>
  );
}
