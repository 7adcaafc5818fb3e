import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteAddressInput, QuoteContactInfo } from '../api/draftFields';
import type { QuoteDraftInfoInput } from '../api/quoteDraftUpdate';
import { quoteMessages } from '../messages';

type ContactField = keyof QuoteContactInfo;
type AddressField = Exclude<keyof QuoteAddressInput, 'addressId' | 'label'>;

const CONTACT_FIELDS: readonly { name: ContactField; required?: boolean; type?: string }[] = [
  { name: 'name', required: true },
  { name: 'email', required: true, type: 'email' },
  { name: 'companyName' },
  { name: 'phoneNumber', type: 'tel' },
  { name: 'quoteTitle' },
];

const ADDRESS_FIELDS: readonly AddressField[] = ['firstName', 'lastName', 'companyName', 'phoneNumber', 'address', 'apartment', 'city', 'state', 'zipCode', 'country'];

interface DraftDetailsFormProps {
  value: QuoteDraftInfoInput;
  /** Messages by field path (`contactInfo.email`, `shippingAddress.city`, `note`). */
  errors: Record<string, string>;
  disabled: boolean;
  onChange(value: QuoteDraftInfoInput): void;
}

/** Contact info, shipping and billing addresses and the note of the draft (business §3). */
export function DraftDetailsForm({ value, errors, disabled, onChange }: DraftDetailsFormProps) {
  const t = useMessages(quoteMessages);

  const address = (kind: 'shippingAddress' | 'billingAddress') => (
    <Grid container spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Grid size={12} component="legend">
        <Typography variant="h3">{t(kind === 'shippingAddress' ? 'quoteDraft.section.shipping' : 'quoteDraft.section.billing')}</Typography>
      </Grid>
      {ADDRESS_FIELDS.map((field) => {
        const path = `${kind}.${field}`;
        return (
          <Grid key={field} size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              size="small"
              id={`quote-${kind}-${field}`}
              label={t(`quoteDraft.field.${field}`)}
              value={value[kind][field]}
              disabled={disabled}
              error={Boolean(errors[path])}
              helperText={errors[path]}
              onChange={(event) => onChange({ ...value, [kind]: { ...value[kind], [field]: event.target.value } })}
            />
          </Grid>
        );
      })}
    </Grid>
  );

  return (
    <>
      <Grid container spacing={2}>
        {CONTACT_FIELDS.map(({ name, required, type }) => {
          const path = `contactInfo.${name}`;
          return (
            <Grid key={name} size={{ xs: 12, sm: 6 }}>
              <TextField
                fullWidth
                size="small"
                id={`quote-contact-${name}`}
                type={type}
                required={required}
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
      {address('billingAddress')}
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
