import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

import { useCountries, type Country } from '../../../lib/countries';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteAddressInput, QuoteContactInfo } from '../api/draftFields';
import type { QuoteDraftInfoInput } from '../api/quoteDraftUpdate';
import type { SavedAddress } from '../api/quoteSavedAddresses';
import { quoteMessages } from '../messages';
import { SavedAddressPicker } from './SavedAddressPicker';

type ContactField = keyof QuoteContactInfo;
type AddressField = Exclude<keyof QuoteAddressInput, 'addressId' | 'label'>;
type AddressKind = 'shippingAddress' | 'billingAddress';

const CONTACT_FIELDS: readonly { name: ContactField; required?: boolean; type?: string; autoComplete?: string }[] = [
  { name: 'name', required: true, autoComplete: 'name' },
  { name: 'email', required: true, type: 'email', autoComplete: 'email' },
  { name: 'companyName', autoComplete: 'organization' },
  { name: 'phoneNumber', type: 'tel', autoComplete: 'tel' },
  { name: 'quoteTitle', autoComplete: 'off' },
];

// The country comes before the state: its list of states depends on it.
const ADDRESS_FIELDS: readonly AddressField[] = ['firstName', 'lastName', 'companyName', 'phoneNumber', 'address', 'apartment', 'city', 'zipCode', 'country', 'state'];

/** HTML autofill tokens, so that the browser can fill an address it knows (prefixed "shipping"/"billing"). */
const AUTOFILL: Record<AddressField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  phoneNumber: 'tel',
  address: 'address-line1',
  apartment: 'address-line2',
  city: 'address-level2',
  state: 'address-level1',
  zipCode: 'postal-code',
  country: 'country-name',
};

function sameAddress(a: QuoteAddressInput, b: QuoteAddressInput): boolean {
  return ADDRESS_FIELDS.every((field) => a[field].trim() === b[field].trim());
}

/** The country stored on the draft (by name, as it prints on the quote), matched in the list by name or code. */
function countryOf(countries: readonly Country[] | undefined, stored: string): Country | undefined {
  const wanted = stored.trim().toLowerCase();
  if (!wanted) return undefined;
  return countries?.find((country) => country.countryName.toLowerCase() === wanted || country.countryCode.toLowerCase() === wanted);
}

interface DraftDetailsFormProps {
  value: QuoteDraftInfoInput;
  /** Messages by field path (`contactInfo.email`, `shippingAddress.city`, `note`). */
  errors: Record<string, string>;
  disabled: boolean;
  onChange(value: QuoteDraftInfoInput): void;
}

/**
 * Contact info, shipping and billing addresses and the note of the draft (business §3). The country is chosen from
 * the store's list and stored by name; the state from the country's states where it has a list (stored by code, as
 * an address prints it), typed otherwise. "Billing address is the same" keeps the billing address a copy of the
 * shipping address until it is unticked.
 */
export function DraftDetailsForm({ value, errors, disabled, onChange }: DraftDetailsFormProps) {
  const t = useMessages(quoteMessages);
  const countries = useCountries(true, { quiet: true }); // without the list, the country is typed
  const [billingSame, setBillingSame] = useState(() => sameAddress(value.shippingAddress, value.billingAddress));

  // An address typed into is no longer the saved one it was filled from: it keeps no addressId (issue 16).
  const changeAddress = (kind: AddressKind, field: AddressField, text: string) => {
    const changed = { ...value[kind], [field]: text, ...NOT_SAVED };
    // A new country makes the old state meaningless.
    if (field === 'country') changed.state = '';
    const next = { ...value, [kind]: changed };
    if (billingSame && kind === 'shippingAddress') next.billingAddress = { ...value.billingAddress, ...pickAddress(changed), ...NOT_SAVED };
    onChange(next);
  };

  /** "Choose from saved": the block takes the saved address's fields and its id. */
  const chooseSaved = (kind: AddressKind, saved: SavedAddress) => {
    const filled = { ...value[kind], ...savedAddressFields(saved) };
    const next = { ...value, [kind]: filled };
    // The copied billing address is the saved one too only when the book has it as a billing address.
    if (billingSame && kind === 'shippingAddress') next.billingAddress = { ...value.billingAddress, ...pickAddress(filled), ...NOT_SAVED };
    onChange(next);
  };

  const toggleBillingSame = (checked: boolean) => {
    setBillingSame(checked);
    if (checked) onChange({ ...value, billingAddress: { ...value.billingAddress, ...pickAddress(value.shippingAddress), ...NOT_SAVED } });
  };

  const addressField = (kind: AddressKind, field: AddressField) => {
    const path = `${kind}.${field}`;
    const common = {
      fullWidth: true,
      size: 'small' as const,
      id: `quote-${kind}-${field}`,
      label: t(`quoteDraft.field.${field}`),
      value: value[kind][field],
      disabled,
      error: Boolean(errors[path]),
      helperText: errors[path],
      autoComplete: `${kind === 'shippingAddress' ? 'shipping' : 'billing'} ${AUTOFILL[field]}`,
      onChange: (event: { target: { value: string } }) => changeAddress(kind, field, event.target.value),
    };
    const country = countryOf(countries.data, value[kind].country);

    if (field === 'country' && countries.data) {
      const stored = value[kind].country;
      return (
        <TextField {...common} select value={country?.countryName ?? stored}>
          <MenuItem value="">
            <em>{t('quoteDraft.noCountry')}</em>
          </MenuItem>
          {/* A country typed before the list existed stays choosable rather than silently blanked. */}
          {stored && !country && <MenuItem value={stored}>{stored}</MenuItem>}
          {countries.data.map((option) => (
            <MenuItem key={option.countryCode} value={option.countryName}>
              {option.countryName}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (field === 'state' && country && country.states.length > 0) {
      const stored = value[kind].state;
      const known = country.states.some((state) => state.stateCode === stored);
      return (
        <TextField {...common} select>
          <MenuItem value="">
            <em>{t('quoteDraft.noState')}</em>
          </MenuItem>
          {stored && !known && <MenuItem value={stored}>{stored}</MenuItem>}
          {country.states.map((state) => (
            <MenuItem key={state.stateCode} value={state.stateCode}>
              {state.stateName}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return <TextField {...common} />;
  };

  const address = (kind: AddressKind) => (
    <Grid container spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 1, minWidth: 0 }}>
      <Grid size={12} component="legend" sx={{ p: 0 }}>
        <Typography variant="h3">{t(kind === 'shippingAddress' ? 'quoteDraft.section.shipping' : 'quoteDraft.section.billing')}</Typography>
      </Grid>
      <Grid size={12}>
        <SavedAddressPicker
          kind={kind === 'shippingAddress' ? 'shipping' : 'billing'}
          chosen={{ addressId: value[kind].addressId ?? null, label: value[kind].label, firstName: value[kind].firstName, lastName: value[kind].lastName }}
          disabled={disabled}
          onPick={(saved) => chooseSaved(kind, saved)}
        />
      </Grid>
      {ADDRESS_FIELDS.map((field) => (
        <Grid key={field} size={{ xs: 12, sm: 6 }}>
          {addressField(kind, field)}
        </Grid>
      ))}
    </Grid>
  );

  return (
    <>
      <Grid container spacing={2}>
        {CONTACT_FIELDS.map(({ name, required, type, autoComplete }) => {
          const path = `contactInfo.${name}`;
          return (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                size="small"
                id={`quote-contact-${name}`}
                type={type}
                required={required}
                autoComplete={autoComplete}
                label={t(`quoteDraft.field.${name}`)}
                value={value.contactInfo[name]}
                disabled={disabled}
                error={Boolean(errors[path])}
                helperText={errors[path]}
                onChange={(event) => onChange({ ...value, contactInfo: { ...value.contactInfo, [name]: event.target.value } })}
              />
            </Grid>
          );
        })}
      </Grid>
      {address('shippingAddress')}
      <FormControlLabel
        control={<Checkbox checked={billingSame} disabled={disabled} onChange={(event) => toggleBillingSame(event.target.checked)} />}
        label={t('quoteDraft.billingSame')}
      />
      {/* The server's word on a billing field shows the billing address, copied or not. */}
      {(!billingSame || Object.keys(errors).some((path) => path.startsWith('billingAddress.'))) && address('billingAddress')}
      <TextField
        id="quote-note"
        label={t('quoteDraft.field.note')}
        value={value.note}
        disabled={disabled}
        multiline
        minRows={3}
        error={Boolean(errors.note)}
        helperText={errors.note}
        onChange={(event) => onChange({ ...value, note: event.target.value })}
      />
    </>
  );
}

const NOT_SAVED = { addressId: null, label: '' } as const;

/** A saved address as the draft stores it: the country by name (as it prints on the quote), the state by code. */
function savedAddressFields(saved: SavedAddress): Pick<QuoteAddressInput, AddressField | 'addressId' | 'label'> {
  return {
    addressId: saved.id,
    label: saved.label,
    firstName: saved.firstName,
    lastName: saved.lastName,
    companyName: saved.companyName,
    phoneNumber: saved.phoneNumber,
    address: saved.addressLine1,
    apartment: saved.addressLine2,
    city: saved.city,
    zipCode: saved.zipCode,
    country: saved.countryName,
    state: saved.state,
  };
}

function pickAddress(address: QuoteAddressInput): Pick<QuoteAddressInput, AddressField> {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, address[field]])) as Pick<QuoteAddressInput, AddressField>;
}
