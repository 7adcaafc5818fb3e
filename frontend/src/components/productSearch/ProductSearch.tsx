import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';

import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { useMessages } from '../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../lib/money';
import { optionInputs, type OptionValues } from '../../lib/productOptions';
import { PRODUCT_SEARCH, variantFor, type ProductLineInput, type SearchProduct } from '../../lib/productSearch';
import { ProductOptionFields } from '../productOptions/ProductOptionFields';
import { serverOptionErrors } from '../productOptions/optionRules';
import { defaultOptionValues } from '../productOptions/optionValues';
import { productSearchMessages } from './messages';
import { ProductThumb } from './ProductThumb';
import { QuantityInput } from './QuantityInput';
import { useProductOptionCheck } from './useProductOptionCheck';

/** Results shown for one search; the buyer narrows the text rather than pages. */
export const RESULTS = 8;
const MIN_QUERY = 2;
const MAX_QUERY = 200;
const DEBOUNCE_MS = 300;

const Option = styled('li')(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(1.5),
  alignItems: 'center',
}));

const Chosen = styled(Paper)(({ theme }) => ({
  marginTop: theme.spacing(2),
  padding: theme.spacing(2),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

const ChosenHead = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(1.5), alignItems: 'flex-start' }));

const ChosenFoot = styled('div')(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(2),
  alignItems: 'flex-start',
  flexWrap: 'wrap',
}));

/** The text the search runs on: the typed text once typing has paused. */
function useDebounced(text: string): string {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(text), DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * "$32.30", or "from $12.00" when the variants differ in price; "Price on request" when the catalog gives no price
 * (issue 13); '' while prices are hidden (a pending account).
 */
function priceLabel(
  product: SearchProduct,
  money: (amount: string) => string,
  from: (price: string) => string,
  onRequest: string,
): string {
  if (product.priceOnRequest) return onRequest;
  const prices = product.variants.map((variant) => variant.calculatedPrice).filter((price): price is string => price !== null);
  if (prices.length === 0) return '';
  const lowest = prices.reduce((a, b) => (Number(b) < Number(a) ? b : a));
  return prices.every((price) => Number(price) === Number(lowest)) ? money(lowest) : from(money(lowest));
}

interface ProductSearchProps {
  currencyCode: string;
  busy: boolean;
  /** The add button's text (the caller's: where the product goes). */
  addLabel: string;
  /** Where the server's field messages of the one line sent start (`lines.0.`, `items.0.`). */
  errorPrefix: string;
  /** Names the chosen product's test ids (`${testId}-variant`). */
  testId: string;
  /** Adds the line; resolves with null when it was added, or with the server's field messages. */
  onAdd(line: ProductLineInput): Promise<Record<string, string> | null>;
}

/**
 * Find a product by name, catalog number or CAS number, choose its options and quantity, and add it (issue 6 "Add
 * products inside the draft: search"; issue 18, a shopping list's add-to-list panel). Options are checked here
 * first with business §5's texts; the server checks them again.
 */
export function ProductSearch({ currencyCode, busy, addLabel, errorPrefix, testId, onAdd }: ProductSearchProps) {
  const t = useMessages(productSearchMessages);
  const client = useGraphQLClient();
  const checkLine = useProductOptionCheck();
  const idPrefix = useId();
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, currencyCode);

  const [text, setText] = useState('');
  const query = useDebounced(text.trim());
  const [chosen, setChosen] = useState<SearchProduct | null>(null);
  const [values, setValues] = useState<OptionValues>({});
  const [quantity, setQuantity] = useState(1);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState(false);

  const search = useQuery({
    queryKey: ['productSearch', query] as const,
    queryFn: ({ signal }) =>
      client
        .request(PRODUCT_SEARCH, { search: query, first: RESULTS }, { signal, suppressErrorToast: true })
        .then((data) => data.productsSearch),
    enabled: query.length >= MIN_QUERY,
    staleTime: 60_000,
  });

  const typing = text.trim() !== query;
  const results = query.length >= MIN_QUERY && !typing ? (search.data ?? []) : [];
  const noOptionsText =
    text.trim().length < MIN_QUERY
      ? t('productSearch.tooShort')
      : typing || search.isFetching
        ? t('productSearch.loading')
        : search.isError
          ? t('productSearch.error')
          : t('productSearch.none', { query });

  const choose = (product: SearchProduct | null) => {
    setChosen(product);
    setValues(product ? defaultOptionValues(product.allOptions) : {});
    setQuantity(1);
    setErrors({});
  };

  const variant = chosen ? variantFor(chosen, values) : undefined;

  const add = async () => {
    if (!chosen) return;
    const { problems } = checkLine(chosen, values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setAdding(true);
    try {
      const refused = await onAdd({ productId: chosen.id, variantId: variant?.variantId ?? null, quantity, options: optionInputs(values) });
      if (refused === null) {
        choose(null);
        setText('');
        return;
      }
      setErrors(serverOptionErrors(refused, errorPrefix));
    } finally {
      setAdding(false);
    }
  };

  return (
    <>
      <Autocomplete<SearchProduct, false, false, false>
        options={results}
        value={chosen}
        inputValue={text}
        filterOptions={(options) => options} // the server has searched already (synonyms, CAS numbers)
        getOptionLabel={(product) => product.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_event, product) => choose(product)}
        loading={search.isFetching || typing}
        noOptionsText={noOptionsText}
        loadingText={t('productSearch.loading')}
        disabled={busy && !chosen}
        renderOption={({ key, ...props }, product) => (
          <Option key={key} {...props}>
            <ProductThumb src={product.imageUrl} />
            <div>
              <Typography>{product.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {[t('productSearch.sku', { sku: product.sku }), product.casNumber && t('productSearch.cas', { cas: product.casNumber })]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </div>
            <Typography sx={{ ml: 'auto', whiteSpace: 'nowrap' }}>
              {priceLabel(product, money, (price) => t('productSearch.priceFrom', { price }), t('productSearch.priceOnRequest'))}
            </Typography>
          </Option>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('productSearch.label')}
            placeholder={t('productSearch.placeholder')}
            size="small"
            // The catalog search takes at most 200 characters (productsSearch).
            slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: MAX_QUERY } }}
          />
        )}
      />
      {chosen && (
        <Chosen variant="outlined" role="group" aria-label={t('productSearch.chosen')}>
          <ChosenHead>
            <ProductThumb src={variant?.imageUrl ?? chosen.imageUrl} />
            <div>
              <Typography variant="subtitle1">{chosen.name}</Typography>
              <Typography variant="body2" color="text.secondary" data-testid={`${testId}-variant`}>
                {variant
                  ? [
                      t('productSearch.sku', { sku: variant.sku }),
                      chosen.priceOnRequest
                        ? t('productSearch.priceOnRequest')
                        : variant.calculatedPrice !== null
                          ? money(variant.calculatedPrice)
                          : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')
                  : t('productSearch.chooseOptions')}
              </Typography>
              {chosen.productUrl && (
                <Link href={chosen.productUrl} variant="body2">
                  {t('productSearch.viewProduct')}
                </Link>
              )}
            </div>
          </ChosenHead>
          {chosen.allOptions.length > 0 && (
            <ProductOptionFields
              options={chosen.allOptions}
              values={values}
              errors={errors}
              disabled={adding}
              idPrefix={`${idPrefix}-search`}
              productUrl={chosen.productUrl}
              onChange={(optionId, value) => {
                setValues((current) => ({ ...current, [optionId]: value }));
                setErrors(({ [String(optionId)]: _dropped, ...rest }) => rest);
              }}
            />
          )}
          <ChosenFoot>
            <QuantityInput label={t('productSearch.quantity')} value={quantity} disabled={adding} onCommit={setQuantity} />
            <Button variant="contained" onClick={() => void add()} disabled={busy || adding} loading={adding}>
              {addLabel}
            </Button>
            <Button onClick={() => choose(null)} disabled={adding}>
              {t('productSearch.cancel')}
            </Button>
          </ChosenFoot>
          {errors.quantity && (
            <Typography color="error" variant="body2">
              {errors.quantity}
            </Typography>
          )}
        </Chosen>
      )}
    </>
  );
}
