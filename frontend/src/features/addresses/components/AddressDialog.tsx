import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { AccountFieldInput } from '../../../components/formFields/AccountFieldInput';
import { preferredCountry, useCountries, statesOf } from '../../../lib/countries';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { taxZoneRatesQueryOptions } from '../../../lib/store/taxZoneRates';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import {
  FIELD_ORDER,
  MAX_LENGTH,
  TEXT_FIELD_ORDER,
  addressInput,
  addressValues,
  checkAddress,
  emptyAddressValues,
  extraFieldPath,
  type AddressFlag,
  type AddressFormValues,
  type AddressTextField,
  type FormProblem,
  extraMaxLength,
} from '../addressForm';
import { useAddressErrorText, useAddressFieldErrors } from '../addressErrors';
import type { BookAddress } from '../api/addressFields';
import { FORM_TYPE, useAddressExtraFields } from '../api/addressFormFields';
import type { AddressInput } from '../api/addressMutations';
import { addressMessages } from '../messages';

const Fields = styled('div', { shouldForwardProp: (prop) => prop !== 'mobile' })<{ mobile: boolean }>(({ theme, mobile }) => ({
  display: 'grid',
  gridTemplateColumns: mobile ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))',
  gap: theme.spacing(2),
  paddingTop: theme.spacing(1),
}));

const Wide = styled('div')({ gridColumn: '1 / -1' });

const Choices = styled(FormGroup)(({ theme }) => ({ columnGap: theme.spacing(3) }));

/** HTML autofill tokens, so that the browser can fill an address it knows. */
const AUTOFILL: Partial<Record<AddressTextField, string>> = {
  firstName: 'given-name',
  lastName: 'family-name',
  companyName: 'organization',
  country: 'country',
  state: 'address-level1',
  addressLine1: 'address-line1',
  addressLine2: 'address-line2',
  city: 'address-level2',
  zipCode: 'postal-code',
  phoneNumber: 'tel',
};

const REQUIRED_FIELDS: ReadonlySet<AddressTextField> = new Set(['firstName', 'lastName', 'country', 'addressLine1', 'city', 'zipCode']);
const WIDE_FIELDS: ReadonlySet<AddressTextField> = new Set(['label', 'addressLine1', 'addressLine2']);

export interface AddressDialogProps {
  open: boolean;
  /** A new value for each opening: the form starts again from the address as it is now. */
  openingKey: number;
  /** The address to edit; null adds a new one. */
  address: BookAddress | null;
  /** An individual customer's own book (the personal form's custom fields) rather than a company's. */
  ownBook: boolean;
  /** Whether the caller may make the address a default (and change its default flags). */
  defaults: boolean;
  onClose(): void;
  /** Sends the address; resolves when saved, rejects with the server's refusal. */
  onSave(input: AddressInput): Promise<unknown>;
}

/**
 * The add / edit dialog (api.md "Address book" Fields): the store's countries and their states, shell §5's phone
 * rule, shipping and / or billing, the defaults where the caller may set them, and the store's custom address fields.
 * Every problem shows at its field at once; the first one gets focus. The server's refusals show at their fields too.
 */
export function AddressDialog(props: AddressDialogProps) {
  const mobile = useMobileLayout();
  const titleId = useId();
  const t = useMessages(addressMessages);
  return (
    <Dialog open={props.open} onClose={props.onClose} aria-labelledby={titleId} fullScreen={mobile} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{t(props.address ? 'addresses.dialog.editTitle' : 'addresses.dialog.addTitle')}</DialogTitle>
      <AddressForm key={props.openingKey} {...props} />
    </Dialog>
  );
}

function AddressForm({ address, ownBook, defaults, onClose, onSave }: AddressDialogProps) {
  const t = useMessages(addressMessages);
  const mobile = useMobileLayout();
  const formId = useId();
  const fieldId = (name: string) => `${formId}-${name.replace(/\W/g, '-')}`;
  const countries = useCountries(true, { quiet: true });
  const extraFields = useAddressExtraFields(ownBook ? FORM_TYPE.personal : FORM_TYPE.business);
  const fieldErrors = useAddressFieldErrors();
  const errorText = useAddressErrorText();

  const [values, setValues] = useState<AddressFormValues>(() => (address ? addressValues(address) : emptyAddressValues()));
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const formErrorRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);

  // A new address starts on a country (issue 36 item 14): the store's only one, else the buyer's likely one (their
  // browser's region, the store's home market); they change it with one choice.
  const zones = useQuery(taxZoneRatesQueryOptions(useGraphQLClient()));
  const zoneCountries = [...(zones.data ?? [])]
    .filter((zone) => zone.enabled)
    .sort((a, b) => a.priority - b.priority)
    .flatMap((zone) => zone.countryCodes);
  const startCountry = preferredCountry(countries.data, { languages: navigator.languages ?? [navigator.language], zoneCountries });
  useEffect(() => {
    if (!address && startCountry) setValues((current) => (current.country ? current : { ...current, country: startCountry }));
  }, [address, startCountry]);

  // Focus goes to the first problem once the fields are enabled again (they are disabled while saving).
  useEffect(() => {
    if (!focusTarget || saving) return;
    if (focusTarget === 'form') formErrorRef.current?.focus();
    else inputs.current[focusTarget]?.focus();
    setFocusTarget(null);
  }, [focusTarget, saving]);

  const context = { countries: countries.data, extraFields: extraFields.data };
  const problems = submitted ? checkAddress(values, context) : {};
  const problemText = (problem: FormProblem) => t(problem.key, problem.params);
  const errorFor = (path: string): string | undefined => {
    const problem = problems[path];
    return problem ? problemText(problem) : serverErrors[path];
  };

  const forget = (...paths: string[]) =>
    setServerErrors((current) => (paths.some((path) => path in current) ? Object.fromEntries(Object.entries(current).filter(([key]) => !paths.includes(key))) : current));

  const setText = (field: AddressTextField, text: string) => {
    // A new country makes the old state meaningless.
    setValues((current) => ({ ...current, [field]: text, ...(field === 'country' ? { state: '' } : {}) }));
    forget(field, ...(field === 'country' ? ['state'] : []));
  };

  const setFlag = (flag: AddressFlag, checked: boolean) => {
    setValues((current) => {
      const next = { ...current, [flag]: checked };
      // A default of a kind the address no longer has is meaningless.
      if (flag === 'isShipping' && !checked) next.isDefaultShipping = false;
      if (flag === 'isBilling' && !checked) next.isDefaultBilling = false;
      return next;
    });
    forget('isShipping', 'isBilling', 'isDefaultShipping', 'isDefaultBilling');
  };

  const setExtra = (fieldName: string, text: string) => {
    setValues((current) => ({ ...current, extra: { ...current.extra, [fieldName]: text } }));
    forget(extraFieldPath(fieldName));
  };

  const order = [...FIELD_ORDER, ...(extraFields.data ?? []).map((field) => extraFieldPath(field.fieldName))];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSubmitted(true);
    setServerErrors({});
    setFormError(null);
    const found = checkAddress(values, context);
    const first = order.find((path) => found[path]);
    if (first) {
      setFocusTarget(first);
      return;
    }
    setSaving(true);
    try {
      await onSave(addressInput(values, { extraFields: extraFields.data ?? [], defaults }));
    } catch (error) {
      const fields = fieldErrors(error);
      const shown = Object.fromEntries(Object.entries(fields).filter(([path]) => order.includes(path)));
      setServerErrors(shown);
      const firstShown = order.find((path) => shown[path]);
      // A refusal that belongs to no field of the form (or a field the form does not show) is said above the fields.
      const elsewhere = Object.entries(fields).filter(([path]) => !order.includes(path)).map(([, text]) => text);
      if (elsewhere.length > 0 || Object.keys(fields).length === 0) {
        setFormError(elsewhere.length > 0 ? elsewhere.join(' ') : errorText(error));
        setFocusTarget('form');
      } else if (firstShown) {
        setFocusTarget(firstShown);
      }
    } finally {
      setSaving(false);
    }
  };

  const register = (path: string) => (element: HTMLInputElement | null) => {
    inputs.current[path] = element;
  };

  const countryOptions = countries.data ?? [];
  const states = statesOf(countries.data, values.country);
  // A country the store no longer lists stays choosable rather than silently blanked.
  const unknownCountry = values.country && countries.data && !countries.data.some((country) => country.countryCode === values.country);

  const textField = (field: AddressTextField) => {
    const error = errorFor(field);
    const common = {
      id: fieldId(field),
      name: field,
      label: t(`addresses.field.${field}`),
      value: values[field],
      required: REQUIRED_FIELDS.has(field) || (field === 'state' && states.length > 0),
      error: Boolean(error),
      helperText: error ?? (field === 'label' ? t('addresses.field.labelHelp') : undefined),
      disabled: saving,
      fullWidth: true,
      size: 'small' as const,
      autoComplete: AUTOFILL[field] ?? 'off',
      inputRef: register(field),
      onChange: (event: { target: { value: string } }) => setText(field, event.target.value),
    };
    if (field === 'country' && countries.data) {
      return (
        <TextField {...common} select>
          <MenuItem value="">
            <em>{t('addresses.noChoice')}</em>
          </MenuItem>
          {unknownCountry && <MenuItem value={values.country}>{address?.countryName || values.country}</MenuItem>}
          {countryOptions.map((country) => (
            <MenuItem key={country.countryCode} value={country.countryCode}>
              {country.countryName}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    if (field === 'state' && states.length > 0) {
      const known = states.some((state) => state.stateCode === values.state);
      return (
        <TextField {...common} select>
          <MenuItem value="">
            <em>{t('addresses.noChoice')}</em>
          </MenuItem>
          {values.state && !known && <MenuItem value={values.state}>{values.state}</MenuItem>}
          {states.map((state) => (
            <MenuItem key={state.stateCode} value={state.stateCode}>
              {state.stateName}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    return (
      <TextField
        {...common}
        type={field === 'phoneNumber' ? 'tel' : 'text'}
        slotProps={{ htmlInput: { maxLength: MAX_LENGTH[field] } }}
      />
    );
  };

  const kindError = errorFor('isShipping') ?? errorFor('isBilling');
  const defaultError = errorFor('isDefaultShipping') ?? errorFor('isDefaultBilling');
  const flag = (name: AddressFlag, label: string, disabled = false, describedBy?: string) => (
    <FormControlLabel
      control={
        <Checkbox
          name={name}
          checked={values[name]}
          disabled={saving || disabled}
          onChange={(event) => setFlag(name, event.target.checked)}
          slotProps={{ input: { ref: register(name), 'aria-describedby': describedBy } }}
        />
      }
      label={label}
    />
  );

  return (
    <>
      <DialogContent dividers>
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          {formError && (
            <Alert severity="error" ref={formErrorRef} tabIndex={-1} sx={{ mb: 2 }}>
              {formError}
            </Alert>
          )}
          <Fields mobile={mobile}>
            {TEXT_FIELD_ORDER.map((field) =>
              WIDE_FIELDS.has(field) ? <Wide key={field}>{textField(field)}</Wide> : <div key={field}>{textField(field)}</div>,
            )}
            <Wide>
              <FormControl component="fieldset" error={Boolean(kindError)} disabled={saving}>
                <FormLabel component="legend">{t('addresses.field.kind')}</FormLabel>
                <Choices row>
                  {flag('isShipping', t('addresses.field.isShipping'), false, kindError ? fieldId('kind-error') : undefined)}
                  {flag('isBilling', t('addresses.field.isBilling'), false, kindError ? fieldId('kind-error') : undefined)}
                </Choices>
                {kindError && <FormHelperText id={fieldId('kind-error')}>{kindError}</FormHelperText>}
              </FormControl>
            </Wide>
            {defaults && (
              <Wide>
                <FormControl component="fieldset" error={Boolean(defaultError)} disabled={saving}>
                  <FormLabel component="legend">{t('addresses.field.defaults')}</FormLabel>
                  <Choices row>
                    {flag('isDefaultShipping', t('addresses.field.isDefaultShipping'), !values.isShipping)}
                    {flag('isDefaultBilling', t('addresses.field.isDefaultBilling'), !values.isBilling)}
                  </Choices>
                  <FormHelperText>{defaultError ?? t('addresses.field.defaultsHelp')}</FormHelperText>
                </FormControl>
              </Wide>
            )}
            {(extraFields.data?.length ?? 0) > 0 && (
              <Wide>
                <Typography variant="h3" component="h3" gutterBottom>
                  {t('addresses.dialog.moreDetails')}
                </Typography>
              </Wide>
            )}
            {extraFields.data?.map((field) => {
              const path = extraFieldPath(field.fieldName);
              return (
                <Wide key={field.fieldName}>
                  <AccountFieldInput
                    field={field}
                    id={fieldId(path)}
                    size="small"
                    minRows={2}
                    maxLength={extraMaxLength(field)}
                    noChoiceText={t('addresses.noChoice')}
                    value={values.extra[field.fieldName] ?? ''}
                    error={errorFor(path)}
                    disabled={saving}
                    inputRef={register(path)}
                    onChange={(text) => setExtra(field.fieldName, text)}
                  />
                </Wide>
              );
            })}
          </Fields>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('addresses.dialog.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t(address ? 'addresses.dialog.save' : 'addresses.dialog.add')}
        </Button>
      </DialogActions>
    </>
  );
}
