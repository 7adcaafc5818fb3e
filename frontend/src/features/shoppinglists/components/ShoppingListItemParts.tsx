import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { ProductThumb } from '../../../components/productSearch/ProductThumb';
import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useFormatMoney } from '../../../lib/money';
import type { ShoppingListItem } from '../api/shoppingListFields';
import { shoppingListsMessages } from '../messages';

// The pieces of a list's product that the table and the mobile cards both show.

type Key = MessageKey<typeof shoppingListsMessages>;

/** How a list's prices read: in its currency, with or without tax as the store displays them, or hidden. */
export interface PriceDisplay {
  currencyCode: string;
  showInclusive: boolean;
  pricesHidden: boolean;
}

const Product = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(1.5), alignItems: 'flex-start', minWidth: 0 }));

const Lines = styled('div')({ minWidth: 0, overflowWrap: 'anywhere' });

const STOCK_LABEL: Record<string, Key> = {
  not_available: 'shoppingLists.stock.not_available',
  out_of_stock: 'shoppingLists.stock.out_of_stock',
  insufficient_stock: 'shoppingLists.stock.insufficient_stock',
};

/** The product: picture, name (to its storefront page), SKU (unless a column of its own shows it), options, note. */
export function ItemProduct({ item, showSku = true }: { item: ShoppingListItem; showSku?: boolean }) {
  const t = useMessages(shoppingListsMessages);
  return (
    <Product>
      <ProductThumb src={item.primaryImage} />
      <Lines>
        {item.productUrl ? (
          <Link href={item.productUrl} sx={{ fontWeight: 600, display: 'block' }}>
            {item.productName}
          </Link>
        ) : (
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {item.productName}
          </Typography>
        )}
        {showSku && (
          <Typography variant="body2" color="text.secondary">
            {t('shoppingLists.items.sku', { sku: item.variantSku })}
          </Typography>
        )}
        {item.options.map((option) => (
          <Typography key={`${option.optionId ?? option.optionName}:${option.value}`} variant="body2" color="text.secondary">
            {option.optionName}: {option.value}
          </Typography>
        ))}
        {item.productNote && (
          <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }} data-testid={`shopping-list-item-note-${item.id}`}>
            {t('shoppingLists.items.note', { note: item.productNote })}
          </Typography>
        )}
      </Lines>
    </Product>
  );
}

/** Whether the product has a price the buyer may see. */
function priced(item: ShoppingListItem, display: PriceDisplay): boolean {
  return !display.pricesHidden && !item.priceOnRequest && !item.priceError && item.calculatedValue !== null;
}

/**
 * The unit price now (as the store displays it), against the price when the product was added (issue 18 "beyond
 * the anchors"), and the next quantity break's hint ("Add 4 more for $9.50 each").
 */
export function ItemPrice({ item, display }: { item: ShoppingListItem; display: PriceDisplay }) {
  const t = useMessages(shoppingListsMessages);
  const formatMoney = useFormatMoney();
  const money = (amount: string | null | undefined) => formatMoney(amount, display.currencyCode);
  if (display.pricesHidden) return <>—</>;
  if (item.priceOnRequest) return <>{t('shoppingLists.items.priceOnRequest')}</>;
  if (item.priceError || item.calculatedValue === null) {
    return (
      <Typography component="span" variant="body2" color="error">
        {t('shoppingLists.items.priceError')}
      </Typography>
    );
  }
  const now = Number(item.basePrice);
  const then = item.priceWhenAdded === null ? null : Number(item.priceWhenAdded);
  const change = then !== null && then > 0 && Number.isFinite(now) && Math.abs(now - then) >= 0.005 ? (now - then) / then : null;
  const tier = item.nextTier;
  return (
    <>
      <span data-testid={`shopping-list-item-price-${item.id}`}>{money(item.calculatedValue)}</span>
      {change !== null && (
        <Typography
          component="span"
          variant="body2"
          color={change > 0 ? 'error' : 'success'}
          sx={{ display: 'block' }}
          data-testid={`shopping-list-item-price-change-${item.id}`}
        >
          {t(change > 0 ? 'shoppingLists.items.priceUp' : 'shoppingLists.items.priceDown', {
            percent: Math.round(Math.abs(change) * 100),
            price: money(item.priceWhenAdded),
          })}
          {display.showInclusive ? ` ${t('shoppingLists.items.exclTax')}` : ''}
        </Typography>
      )}
      {tier && (
        <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }} data-testid={`shopping-list-item-tier-${item.id}`}>
          {t('shoppingLists.items.nextTier', {
            count: tier.additionalQuantity,
            price: money(display.showInclusive ? tier.price.taxInclusive : tier.price.taxExclusive),
          })}
        </Typography>
      )}
    </>
  );
}

/** The line total at today's price, as the store displays prices; a dash where there is none to show. */
export function ItemTotal({ item, display }: { item: ShoppingListItem; display: PriceDisplay }) {
  const formatMoney = useFormatMoney();
  if (!priced(item, display)) return <>—</>;
  return <>{formatMoney(display.showInclusive ? item.lineTotalWithTax : item.lineTotal, display.currencyCode)}</>;
}

/** Why the product cannot go into the cart now (business §4 stock check), translated by its code. */
export function ItemStock({ item }: { item: ShoppingListItem }) {
  const t = useMessages(shoppingListsMessages);
  const language = useLanguage();
  if (item.purchasable) return null;
  const key = item.stockCode ? STOCK_LABEL[item.stockCode] : undefined;
  // The server's message carries the details ("Only 3 in stock."), in English.
  const text = language === 'en' && item.stockMessage ? item.stockMessage : key ? t(key) : t('shoppingLists.stock.unknown');
  return (
    <Typography component="span" variant="body2" color="error" sx={{ display: 'block', mt: 0.5 }} data-testid={`shopping-list-item-stock-${item.id}`}>
      {text}
    </Typography>
  );
}

const Facts = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
  gap: theme.spacing(1.5, 3),
  '& > div': { minWidth: 0 },
  '& dt': { ...theme.typography.caption, color: theme.palette.text.secondary },
  '& dd': { ...theme.typography.body2, margin: 0, overflowWrap: 'anywhere' },
}));

/** A row's details (business §2 expandable rows): catalog numbers, prices then and now, the note, when it changed. */
export function ItemDetails({ item, display }: { item: ShoppingListItem; display: PriceDisplay }) {
  const t = useMessages(shoppingListsMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const money = (amount: string | null | undefined) => formatMoney(amount, display.currencyCode);
  const showPrices = !display.pricesHidden && !item.priceOnRequest;
  return (
    <Facts data-testid={`shopping-list-item-details-${item.id}`}>
      <div>
        <dt>{t('shoppingLists.details.catalogNumber')}</dt>
        <dd>{item.baseSku}</dd>
      </div>
      <div>
        <dt>{t('shoppingLists.details.variantSku')}</dt>
        <dd>{item.variantSku}</dd>
      </div>
      {showPrices && (
        <div>
          <dt>{t('shoppingLists.details.priceWhenAdded')}</dt>
          <dd>{item.priceWhenAdded === null ? t('shoppingLists.details.noPrice') : money(item.priceWhenAdded)}</dd>
        </div>
      )}
      {showPrices && (
        <div>
          <dt>{t('shoppingLists.details.priceNow')}</dt>
          <dd>{item.basePrice === null ? t('shoppingLists.details.noPrice') : money(item.basePrice)}</dd>
        </div>
      )}
      <div>
        <dt>{t('shoppingLists.details.lastChanged')}</dt>
        <dd>
          <time dateTime={item.updatedAt}>{formatDateTime(item.updatedAt, language)}</time>
        </dd>
      </div>
      <div>
        <dt>{t('shoppingLists.details.note')}</dt>
        <dd>{item.productNote || t('shoppingLists.details.noNote')}</dd>
      </div>
    </Facts>
  );
}
