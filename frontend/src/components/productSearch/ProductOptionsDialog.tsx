import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';

import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { optionInputs, type OptionValues } from '../../lib/productOptions';
import { PRODUCT_SEARCH, variantFor, type SearchProduct } from '../../lib/productSearch';
import { LoadErrorAlert } from '../LoadErrorAlert';
import { ProductOptionFields } from '../productOptions/ProductOptionFields';
import { serverOptionErrors } from '../productOptions/optionRules';
import { productSearchMessages } from './messages';
import { useProductOptionCheck } from './useProductOptionCheck';

export interface LineOptionsChange {
  options: { optionId: number; value: string }[];
  variantId: number | null;
}

/**
 * A line whose options can be changed (a draft's line, a list's item). `optionList` is the modifiers as added, a
 * JSON string of `[{"optionId": 12, "optionValue": "34"}]` (business §3).
 */
export interface OptionsLine {
  id: number;
  productId: number;
  productName: string;
  variantId: number;
  variantSku: string;
  optionList: string;
}

/** The values a line holds now: its variant's values of the variant options, then its chosen modifiers. */
function lineValues(line: OptionsLine, product: SearchProduct): OptionValues {
  const values: OptionValues = {};
  const variant = product.variants.find((item) => item.variantId === line.variantId);
  for (const value of variant?.optionValues ?? []) values[value.optionId] = String(value.id);
  try {
    const chosen = JSON.parse(line.optionList || '[]') as { optionId: number; optionValue: unknown }[];
    for (const { optionId, optionValue } of chosen) values[optionId] = optionValue === null || optionValue === undefined ? '' : String(optionValue);
  } catch {
    // An unreadable list leaves the modifiers empty: the buyer chooses them again.
  }
  return values;
}

interface ProductOptionsDialogProps<Line extends OptionsLine> {
  /** The line whose options are edited; the dialog is open while there is one. */
  line: Line | null;
  onClose(): void;
  /** Saves; resolves with null when saved, or with the server's field messages (`options.12`, `options`, …). */
  onSave(line: Line, change: LineOptionsChange): Promise<Record<string, string> | null>;
}

/**
 * Changes the options (and so possibly the variant) of a line: issue 6 "editable options" of the draft, issue 18
 * "change options" of a shopping list.
 */
export function ProductOptionsDialog<Line extends OptionsLine>({ line, onClose, onSave }: ProductOptionsDialogProps<Line>) {
  const titleId = useId();
  return (
    // business §2: a dialog does not close on a click outside it; Escape and Cancel close it.
    <Dialog
      open={line !== null}
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {line && <OptionsForm key={line.id} line={line} titleId={titleId} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function OptionsForm<Line extends OptionsLine>({
  line,
  titleId,
  onClose,
  onSave,
}: {
  line: Line;
  titleId: string;
  onClose(): void;
  onSave: ProductOptionsDialogProps<Line>['onSave'];
}) {
  const t = useMessages(productSearchMessages);
  const client = useGraphQLClient();
  const checkLine = useProductOptionCheck();
  const idPrefix = useId();
  const product = useQuery({
    queryKey: ['productOptions', line.productId] as const,
    queryFn: ({ signal }) =>
      client
        .request(PRODUCT_SEARCH, { productIds: [line.productId], first: 1 }, { signal, suppressErrorToast: true })
        .then((data) => data.productsSearch[0] ?? null),
  });
  const [edited, setEdited] = useState<OptionValues | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const loaded = product.data ?? null;
  const values = edited ?? (loaded ? lineValues(line, loaded) : {});

  const save = async () => {
    if (!loaded) return;
    const { problems, variant } = checkLine(loaded, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const refused = await onSave(line, { options: optionInputs(values), variantId: variant?.variantId ?? null });
      if (refused === null) {
        onClose();
        return;
      }
      setErrors(serverOptionErrors(refused));
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <DialogTitle id={titleId}>{t('productSearch.options.title', { name: line.productName })}</DialogTitle>
      <DialogContent>
        {product.isPending && <CircularProgress aria-label={t('productSearch.options.loading')} sx={{ display: 'block', mx: 'auto', my: 3 }} />}
        {product.isError && <LoadErrorAlert message={t('productSearch.options.loadError')} retryLabel={t('productSearch.options.retry')} onRetry={() => void product.refetch()} />}
        {product.isSuccess && !loaded && <Alert severity="warning">{t('productSearch.options.gone')}</Alert>}
        {loaded && (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('productSearch.sku', { sku: variantFor(loaded, values)?.sku ?? line.variantSku })}
            </Typography>
            <ProductOptionFields
              options={loaded.allOptions}
              values={values}
              errors={errors}
              disabled={saving}
              idPrefix={`${idPrefix}-line`}
              productUrl={loaded.productUrl}
              onChange={(optionId, value) => {
                setEdited({ ...values, [optionId]: value });
                setErrors(({ [String(optionId)]: _dropped, ...rest }) => rest);
              }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('productSearch.options.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={!loaded || saving} loading={saving}>
          {t('productSearch.options.save')}
        </Button>
      </DialogActions>
    </>
  );
}
