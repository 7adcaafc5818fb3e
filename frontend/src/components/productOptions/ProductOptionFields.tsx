import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { styled } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { jsonObject } from '../../lib/graphql';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { sortedOptions, type OptionValues, type ProductOption, type ProductOptionValue } from '../../lib/productOptions';
import { productOptionMessages } from './messages';
import { formatLimit, GENERAL_ERROR_KEY, numberLimits, type ProductOptionTranslate } from './optionRules';
import { checkboxTickedValue, isCheckboxTicked } from './optionValues';

export interface ProductOptionFieldsProps {
  options: readonly ProductOption[];
  values: OptionValues;
  /**
   * Messages by option id as a string ("12"); the key "" holds a general message (e.g. required options missing)
   * shown above the fields.
   */
  errors: Record<string, string>;
  disabled?: boolean;
  /** Makes element ids unique per instance, e.g. "quote-search" → ids like `${idPrefix}-option-12`. */
  idPrefix: string;
  /** The product page; file options can't be chosen here and show a note with a link to it. */
  productUrl?: string | null;
  onChange(optionId: number, value: string): void;
}

/**
 * The fields of a product's options (business §3 Option), one per option in the storefront's order, each as the
 * control its kind calls for. Controlled: the caller keeps the values and the errors (useOptionErrors, or the
 * server's answer).
 */
export function ProductOptionFields({ options, values, errors, disabled = false, idPrefix, productUrl, onChange }: ProductOptionFieldsProps) {
  const t = useMessages(productOptionMessages);
  const general = errors[GENERAL_ERROR_KEY];
  return (
    <Stack spacing={2}>
      {/* Alert has role="alert": the message is announced when it appears. */}
      {general && <Alert severity="error">{general}</Alert>}
      {sortedOptions(options).map((option) => (
        <OptionField
          key={option.id}
          option={option}
          value={values[option.id] ?? ''}
          error={errors[String(option.id)]}
          disabled={disabled}
          id={`${idPrefix}-option-${option.id}`}
          productUrl={productUrl ?? null}
          onChange={(value) => onChange(option.id, value)}
          t={t}
        />
      ))}
    </Stack>
  );
}

interface OptionFieldProps {
  option: ProductOption;
  value: string;
  error: string | undefined;
  disabled: boolean;
  id: string;
  productUrl: string | null;
  onChange(value: string): void;
  t: ProductOptionTranslate;
}

function OptionField(props: OptionFieldProps) {
  switch (props.option.type) {
    case 'dropdown':
    case 'product_list_with_images':
      return <SelectOptionField {...props} />;
    case 'radio_buttons':
    case 'rectangles':
    case 'swatch':
      return <RadioOptionField {...props} />;
    case 'checkbox':
      return <CheckboxOptionField {...props} />;
    case 'file':
      return <FileOptionNote {...props} />;
    default:
      return <TextOptionField {...props} />;
  }
}

/** The option's values in the storefront's order. */
function sortedValues(option: ProductOption): ProductOptionValue[] {
  return [...option.optionValues].sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
}

function SelectOptionField({ option, value, error, disabled, id, onChange, t }: OptionFieldProps) {
  const choices = sortedValues(option);
  // A value that is not one of the choices (a stale one) shows as nothing chosen rather than as an unknown value.
  const selected = choices.some((choice) => String(choice.id) === value) ? value : '';
  return (
    <TextField
      select
      id={id}
      label={option.displayName}
      required={option.required}
      disabled={disabled}
      value={selected}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
    >
      {/* Always offered, so that an optional choice can be taken back. */}
      <MenuItem value="">
        <em>{t('productOptions.choose')}</em>
      </MenuItem>
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={String(choice.id)}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

const SWATCH_COLOUR = /^#[0-9a-f]{3,8}$/i;

/** A swatch's colours (business §3 value_data.colors): hex strings only, so nothing else reaches the style. */
function swatchColours(choice: ProductOptionValue): string[] {
  const colours = jsonObject(choice.valueData).colors;
  return Array.isArray(colours) ? colours.filter((colour): colour is string => typeof colour === 'string' && SWATCH_COLOUR.test(colour)) : [];
}

/** Several colours side by side in one square. */
function swatchBackground(colours: string[]): string {
  if (colours.length === 1) return colours[0]!;
  const stops = colours.map((colour, index) => `${colour} ${(index * 100) / colours.length}% ${((index + 1) * 100) / colours.length}%`);
  return `linear-gradient(to right, ${stops.join(', ')})`;
}

const SwatchSquare = styled('span')(({ theme }) => ({
  display: 'inline-block',
  width: 16,
  height: 16,
  marginRight: theme.spacing(1),
  verticalAlign: 'text-bottom',
  borderRadius: 2,
  border: `1px solid ${theme.palette.divider}`,
}));

function RadioOptionField({ option, value, error, disabled, id, onChange }: OptionFieldProps) {
  const labelId = `${id}-label`;
  const helperId = `${id}-helper-text`;
  return (
    <FormControl component="fieldset" required={option.required} disabled={disabled} error={Boolean(error)}>
      <FormLabel component="legend" id={labelId}>
        {option.displayName}
      </FormLabel>
      {/* Rectangles and swatches are radios too: one choice of a few, the storefront's look aside. */}
      <RadioGroup
        id={id}
        name={id}
        row={option.type !== 'radio_buttons'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-labelledby={labelId}
        aria-required={option.required || undefined}
        aria-describedby={error ? helperId : undefined}
      >
        {sortedValues(option).map((choice) => {
          const colours = option.type === 'swatch' ? swatchColours(choice) : [];
          return (
            <FormControlLabel
              key={choice.id}
              value={String(choice.id)}
              control={<Radio />}
              label={
                <>
                  {colours.length > 0 && <SwatchSquare aria-hidden="true" style={{ background: swatchBackground(colours) }} />}
                  {choice.label}
                </>
              }
            />
          );
        })}
      </RadioGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}

function CheckboxOptionField({ option, value, error, disabled, id, onChange }: OptionFieldProps) {
  const helperId = `${id}-helper-text`;
  const label = option.config.checkboxLabel || option.displayName;
  // The option's name stays visible when the box has a label of its own ("Certificate" / "Add a certificate").
  const groupName = label !== option.displayName ? option.displayName : null;
  return (
    <FormControl component={groupName ? 'fieldset' : 'div'} required={option.required} disabled={disabled} error={Boolean(error)}>
      {groupName && <FormLabel component="legend">{groupName}</FormLabel>}
      <FormControlLabel
        // The legend carries the required mark when there is one; otherwise the box's label does.
        required={option.required && !groupName}
        label={label}
        control={
          <Checkbox
            id={id}
            checked={isCheckboxTicked(option, value)}
            onChange={(event) => onChange(event.target.checked ? checkboxTickedValue(option) : '')}
            // Required whether the mark is on the legend or on the label (FormControlLabel only passes its own).
            slotProps={{ input: { 'aria-required': option.required || undefined, 'aria-describedby': error ? helperId : undefined } }}
          />
        }
      />
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** The limits of a text or number option, said before the buyer runs into them (business §5). */
function limitsHint(option: ProductOption, t: ProductOptionTranslate): string | undefined {
  const { config } = option;
  const hints: string[] = [];
  if (option.type === 'text' || option.type === 'multi_line_text') {
    const { textMinLength: min, textMaxLength: max } = config;
    if (min != null && max != null) hints.push(t('productOptions.hint.lengthRange', { min: formatLimit(min), max: formatLimit(max) }));
    else if (max != null) hints.push(t('productOptions.hint.maxLength', { n: formatLimit(max) }));
    else if (min != null) hints.push(t('productOptions.hint.minLength', { n: formatLimit(min) }));
    if (option.type === 'multi_line_text' && config.textMaxLines != null) {
      hints.push(t('productOptions.hint.maxLines', { n: formatLimit(config.textMaxLines) }));
    }
  } else if (option.type === 'numbers_only_text') {
    const { lowest, highest } = numberLimits(config);
    if (lowest != null && highest != null) hints.push(t('productOptions.hint.range', { min: formatLimit(lowest), max: formatLimit(highest) }));
    else if (lowest != null) hints.push(t('productOptions.hint.lowest', { n: formatLimit(lowest) }));
    else if (highest != null) hints.push(t('productOptions.hint.highest', { n: formatLimit(highest) }));
    if (config.numberIntegersOnly) hints.push(t('productOptions.hint.integer'));
  }
  return hints.length > 0 ? hints.join(' ') : undefined;
}

/** text, multi_line_text, numbers_only_text and date. */
function TextOptionField({ option, value, error, disabled, id, onChange, t }: OptionFieldProps) {
  const isDate = option.type === 'date';
  return (
    <TextField
      id={id}
      label={option.displayName}
      required={option.required}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? limitsHint(option, t)}
      type={isDate ? 'date' : 'text'}
      multiline={option.type === 'multi_line_text'}
      minRows={option.type === 'multi_line_text' ? 3 : undefined}
      slotProps={{
        // A date field shows its own placeholder (dd/mm/yyyy), which the label would cover.
        inputLabel: isDate ? { shrink: true } : undefined,
        // Numbers as typed (decimals, a sign), checked by the rules rather than by a number input.
        htmlInput: option.type === 'numbers_only_text' ? { inputMode: 'decimal' } : undefined,
      }}
    />
  );
}

/** A file option's file is uploaded on the product page (the portal has no option upload). */
function FileOptionNote({ option, error, id, productUrl, t }: OptionFieldProps) {
  return (
    <div>
      <Typography id={id} variant="body2">
        {t('productOptions.fileNote', { name: option.displayName })}
        {productUrl && (
          <>
            {' '}
            <Link href={productUrl}>{t('productOptions.fileLink')}</Link>
          </>
        )}
      </Typography>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </div>
  );
}
