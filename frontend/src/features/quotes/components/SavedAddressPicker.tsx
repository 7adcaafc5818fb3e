import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useEffect, useState } from 'react';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { hasPermission } from '../../../lib/permissions';
import { useB2BToken } from '../../../lib/session';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import {
  MAX_SAVED_ADDRESS_SEARCH,
  useDefaultSavedAddress,
  useSavedAddresses,
  type SavedAddress,
  type SavedAddressKind,
} from '../api/quoteSavedAddresses';
import { quoteMessages } from '../messages';

/** Typing settles for this long before the book is searched: one request per search, not per key. */
export const SAVED_ADDRESS_SEARCH_DELAY_MS = 250;

const OptionTitle = styled('span')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  gap: theme.spacing(1),
  fontWeight: 600,
}));

const Option = styled('li')({ '&&': { display: 'block' } });

const OptionLines = styled(Typography)({ display: 'block' });

export function savedAddressTitle(address: Pick<SavedAddress, 'label' | 'firstName' | 'lastName'>): string {
  return address.label || `${address.firstName} ${address.lastName}`.trim();
}

export interface SavedAddressPickerProps {
  kind: SavedAddressKind;
  /** What the block holds now: the saved address it was filled from (its id and label), if any. */
  chosen: { addressId: number | null; label: string; firstName: string; lastName: string };
  disabled: boolean;
  onPick(address: SavedAddress): void;
}

/**
 * "Choose from saved" (issue 16): a search over the caller's address book of the block's kind, the book's default
 * offered first. Picking one fills the block. Shown to signed-in users who may read the book; the book is asked for
 * once the picker is used.
 */
export function SavedAddressPicker({ kind, chosen, disabled, onPick }: SavedAddressPickerProps) {
  const t = useMessages(quoteMessages);
  const signedIn = useB2BToken() !== null;
  const customer = useCustomerInfo();
  const permissions = customer.data?.permissions ?? [];
  const mayRead = signedIn && hasPermission(permissions, 'get_addresses');
  const mayReadDefault = mayRead && hasPermission(permissions, kind === 'shipping' ? 'get_default_shipping' : 'get_default_billing');

  const [used, setUsed] = useState(false);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim().slice(0, MAX_SAVED_ADDRESS_SEARCH)), SAVED_ADDRESS_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const matches = useSavedAddresses(kind, search, mayRead && used);
  const fallback = useDefaultSavedAddress(kind, mayReadDefault && used);
  if (!mayRead) return null;

  const defaultAddress = fallback.data ?? null;
  const found = matches.data ?? [];
  // The default first: while nothing is typed, or when it matches what is.
  const defaultShown = defaultAddress !== null && (search === '' || found.some((address) => address.id === defaultAddress.id));
  const options = defaultShown && defaultAddress ? [defaultAddress, ...found.filter((address) => address.id !== defaultAddress.id)] : found;
  const loading = matches.isFetching || fallback.isFetching;
  const failed = matches.isError;

  const helper = failed
    ? t('quoteDraft.addressPicker.loadError')
    : chosen.addressId !== null
      ? t('quoteDraft.addressPicker.from', { name: savedAddressTitle(chosen) })
      : undefined;

  return (
    <Autocomplete<SavedAddress, false, false, false>
      options={options}
      value={null}
      inputValue={input}
      disabled={disabled}
      loading={loading}
      onOpen={() => setUsed(true)}
      onInputChange={(_, value, reason) => {
        // The field is a search, not the choice: it empties again once an address is picked.
        if (reason === 'input' || reason === 'clear') setInput(value);
      }}
      onChange={(_, address) => {
        if (!address) return;
        setInput('');
        onPick(address);
      }}
      // The server searches: every option it answers matches.
      filterOptions={(shown) => shown}
      getOptionLabel={savedAddressTitle}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      noOptionsText={t(search === '' ? 'quoteDraft.addressPicker.empty' : 'quoteDraft.addressPicker.noOptions')}
      loadingText={t('quoteDraft.addressPicker.loading')}
      blurOnSelect
      renderOption={({ key, ...props }, address) => (
        <Option key={key} {...props}>
          <OptionTitle>
            {savedAddressTitle(address)}
            {address.id === defaultAddress?.id && <Chip size="small" color="primary" label={t('quoteDraft.addressPicker.default')} />}
          </OptionTitle>
          <OptionLines variant="body2" color="text.secondary">
            {(address.label ? address.postalLines : address.postalLines.slice(1)).join(', ')}
          </OptionLines>
        </Option>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('quoteDraft.addressPicker.label')}
          placeholder={t('quoteDraft.addressPicker.placeholder')}
          error={failed}
          helperText={helper}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_SAVED_ADDRESS_SEARCH } }}
        />
      )}
    />
  );
}
