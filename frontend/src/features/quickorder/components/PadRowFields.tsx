import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import SvgIcon from '@mui/material/SvgIcon';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, type ClipboardEvent } from 'react';

import { QuantityInput } from '../../../components/productSearch/QuantityInput';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { SkuCandidate, SkuLookupResult } from '../api/skuLookup';
import { quickOrderMessages } from '../messages';
import type { PadRow, QuantityProblem, SkuProblem } from '../padRows';

const Row = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto auto',
  columnGap: theme.spacing(1),
  rowGap: theme.spacing(0.5),
  alignItems: 'start',
}));

// The pad is narrow: the quantity field gives the SKU field room (QuantityInput is 120 px wide elsewhere), and is still
// wide enough to show the largest quantity, 1,000,000, whole (seven digits: 80 px showed five).
const Quantity = styled('div', { shouldForwardProp: (prop) => prop !== 'invalid' })<{ invalid: boolean }>(({ theme, invalid }) => ({
  '& > .MuiFormControl-root': { width: 108 },
  // QuantityInput has no error state of its own: a quantity the row refuses gets the error outline.
  ...(invalid && { '& .MuiOutlinedInput-notchedOutline': { borderColor: theme.palette.error.main } }),
}));

const Details = styled('div')({ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: 4 });

function ClearIcon() {
  return (
    <SvgIcon fontSize="small">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth={2} strokeLinecap="round" fill="none" />
    </SvgIcon>
  );
}

/** A CAS number's candidate as the pack size choice reads it: "500 mL · HS-1001-500ML", the product when several. */
function candidateLabel(candidate: SkuCandidate, severalProducts: boolean, unavailable: string): string {
  const parts = [severalProducts ? `${candidate.productName} — ${candidate.label}` : candidate.label];
  if (candidate.label !== candidate.sku) parts.push(candidate.sku);
  const text = parts.join(' · ');
  return candidate.purchasable ? text : `${text} (${unavailable})`;
}

export interface PadRowFieldsProps {
  row: PadRow;
  /** Its place in the pad, counted from 1 (the labels name it). */
  number: number;
  result: SkuLookupResult | undefined;
  skuProblem: SkuProblem | null;
  quantityProblem: QuantityProblem | null;
  disabled: boolean;
  onSku(sku: string): void;
  /** The SKU field was left: look its SKU up. */
  onSkuDone(): void;
  onPaste(event: ClipboardEvent<HTMLDivElement>): void;
  onQuantity(quantity: number): void;
  onCandidate(candidate: SkuCandidate): void;
  onChooseOptions(): void;
  onClear(): void;
}

/** One row of the quick order pad: SKU and quantity, what the SKU names, and why it cannot be added as it is. */
export function PadRowFields(props: PadRowFieldsProps) {
  const { row, number, result, skuProblem, quantityProblem, disabled } = props;
  const t = useMessages(quickOrderMessages);
  const messageId = useId();
  const packSizeId = useId();

  const skuMessage = (() => {
    switch (skuProblem?.code) {
      case 'checking':
        return t('quickOrder.pad.checking');
      case 'lookupFailed':
        return t('quickOrder.pad.error.lookupFailed');
      case 'unknown':
        return t('quickOrder.pad.error.unknown');
      case 'ambiguous':
        return t('quickOrder.pad.error.ambiguous');
      case 'notAvailable':
        return t('quickOrder.pad.error.notAvailable');
      case 'needsOptions':
        return t('quickOrder.pad.error.needsOptions');
      default:
        return null;
    }
  })();
  const quantityMessage =
    quantityProblem?.code === 'range'
      ? t('quickOrder.pad.error.range')
      : quantityProblem?.code === 'outOfStock'
        ? t('quickOrder.pad.error.outOfStock')
        : quantityProblem?.code === 'insufficientStock'
          ? t('quickOrder.pad.error.insufficientStock', { count: quantityProblem.available })
          : null;
  const isError = (code: SkuProblem['code'] | undefined) => code !== undefined && code !== 'checking' && code !== 'unchecked';
  const skuError = isError(skuProblem?.code);
  const found = result?.status === 'FOUND' && result.productId !== null ? result : null;
  const candidates = skuProblem?.code === 'ambiguous' ? skuProblem.candidates : [];
  const severalProducts = new Set(candidates.map((candidate) => candidate.productId)).size > 1;
  const messages = [skuMessage, quantityMessage].filter((text): text is string => Boolean(text));

  return (
    <Row role="group" aria-label={t('quickOrder.pad.row', { n: number })} aria-describedby={messages.length > 0 ? messageId : undefined} data-testid="pad-row">
      <TextField
        size="small"
        label={t('quickOrder.pad.sku', { n: number })}
        value={row.sku}
        disabled={disabled}
        error={skuError}
        onChange={(event) => props.onSku(event.target.value)}
        onBlur={props.onSkuDone}
        onPaste={props.onPaste}
        onKeyDown={(event) => {
          if (event.key === 'Enter') props.onSkuDone();
        }}
        slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false, 'aria-invalid': skuError } }}
      />
      <Quantity invalid={quantityMessage !== null}>
        <QuantityInput label={t('quickOrder.pad.quantity', { n: number })} value={row.quantity} disabled={disabled} onCommit={props.onQuantity} />
      </Quantity>
      <IconButton aria-label={t('quickOrder.pad.clearRow', { n: number })} onClick={props.onClear} disabled={disabled || (row.sku === '' && row.quantity === 1)}>
        <ClearIcon />
      </IconButton>
      {(found || candidates.length > 0 || messages.length > 0) && (
        <Details>
          {found && (
            <Typography variant="body2" color="text.secondary" data-testid="pad-row-product">
              {found.productName} · {found.variantSku}
              {row.chosen ? ` · ${t('quickOrder.pad.optionsChosen')}` : ''}
            </Typography>
          )}
          {messages.length > 0 && (
            <Typography id={messageId} variant="body2" color={skuError || quantityMessage ? 'error' : 'text.secondary'} role={skuError || quantityMessage ? undefined : 'status'}>
              {messages.join(' ')}
            </Typography>
          )}
          {candidates.length > 0 && (
            <TextField
              select
              size="small"
              id={packSizeId}
              label={t('quickOrder.pad.packSize', { n: number })}
              value=""
              disabled={disabled}
              onChange={(event) => {
                const candidate = candidates.find((item) => item.sku === event.target.value);
                if (candidate) props.onCandidate(candidate);
              }}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value="" disabled>
                {t('quickOrder.pad.choosePackSize')}
              </option>
              {candidates.map((candidate) => (
                <option key={`${candidate.productId}-${candidate.variantId ?? ''}`} value={candidate.sku}>
                  {candidateLabel(candidate, severalProducts, t('quickOrder.pad.unavailable'))}
                </option>
              ))}
            </TextField>
          )}
          {found && (skuProblem?.code === 'needsOptions' || row.chosen) && (
            <div>
              <Button size="small" variant={row.chosen ? 'text' : 'outlined'} onClick={props.onChooseOptions} disabled={disabled}>
                {row.chosen ? t('quickOrder.pad.changeOptions') : t('quickOrder.pad.chooseOptions')}
              </Button>
            </div>
          )}
        </Details>
      )}
    </Row>
  );
}
