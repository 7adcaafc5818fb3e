import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { type DataTableColumn } from '../../../components/dataTable/DataTable';
import { ListDataTable, type ListTablePaging } from '../../../components/dataTable/ListDataTable';
import { QuantityInput } from '../../../components/productSearch/QuantityInput';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import { useFormatMoney } from '../../../lib/money';
import type { PurchasedOrderField, PurchasedProduct } from '../api/purchasedProducts';
import { quickOrderMessages } from '../messages';

const NONE = '—';

const Name = styled('span')({ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 120 });

const Note = styled(Typography)({ display: 'block' }) as typeof Typography;

const Stacked = styled('span')({ display: 'flex', flexDirection: 'column', gap: 2 });

const Day = styled('time')({ whiteSpace: 'nowrap' });

// A card's head on the mobile layout: the checkbox beside the product.
const CardHead = styled('span')(({ theme }) => ({ display: 'flex', alignItems: 'flex-start', gap: theme.spacing(1.5) }));

export interface PurchasedTableProps extends ListTablePaging<PurchasedOrderField> {
  /** The table's accessible name. */
  label: string;
  products: readonly PurchasedProduct[] | undefined;
  selected: ReadonlySet<string>;
  quantityOf(product: PurchasedProduct): number;
  onToggle(product: PurchasedProduct): void;
  onQuantity(product: PurchasedProduct, quantity: number): void;
}

/** A product still in the catalog can be chosen again; one that is gone is listed for the record only. */
export const isSelectable = (product: PurchasedProduct): boolean => product.productId !== null;

/**
 * What the caller (or the company) has bought: the product with its SKU and options as ordered, when it was last
 * ordered and how much in all, today's price, and a quantity to order again. Few columns, so that the table keeps its
 * width beside the quick order pad; the product and the last order sort on the server (the search finds a SKU). A row
 * is ticked to add it to the cart, a quote or a shopping list.
 */
export function PurchasedTable({ label, products, selected, quantityOf, onToggle, onQuantity, ...paging }: PurchasedTableProps) {
  const t = useMessages(quickOrderMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const mobile = useMobileLayout();

  const availability = (product: PurchasedProduct): string | null => {
    if (product.productId === null) return t('quickOrder.status.gone');
    if (!product.purchasable) return t('quickOrder.status.notPurchasable');
    if (product.availableStock !== null && product.availableStock <= 0) return t('quickOrder.status.outOfStock');
    return null;
  };

  const checkbox = (product: PurchasedProduct) => (
    <Checkbox
      checked={selected.has(product.id)}
      disabled={!isSelectable(product)}
      onChange={() => onToggle(product)}
      slotProps={{ input: { 'aria-label': t('quickOrder.selectRow', { name: product.productName, sku: product.sku }) } }}
      sx={{ m: -1 }}
    />
  );

  const columns: DataTableColumn<PurchasedProduct, PurchasedOrderField>[] = [
    // On a card the checkbox heads it beside the product (below).
    { id: 'select', header: t('quickOrder.col.select'), card: 'hidden', cell: checkbox },
    {
      id: 'product',
      header: t('quickOrder.col.product'),
      sortKey: 'productName',
      rowHeader: true,
      card: 'title',
      cell: (product) => {
        const status = availability(product);
        const name = (
          <Name>
            {product.productUrl ? (
              <Link href={product.productUrl} variant="subtitle2">
                {product.productName}
              </Link>
            ) : (
              <Typography variant="subtitle2" component="span">
                {product.productName}
              </Typography>
            )}
            <Note variant="body2" color="text.secondary" component="span">
              {[t('quickOrder.skuOf', { sku: product.sku }), ...product.options.map((option) => `${option.name}: ${option.value}`)].join(' · ')}
            </Note>
            {status && (
              <Note variant="body2" color="error" component="span">
                {status}
              </Note>
            )}
          </Name>
        );
        return mobile ? (
          <CardHead>
            {checkbox(product)}
            {name}
          </CardHead>
        ) : (
          name
        );
      },
    },
    {
      id: 'lastOrderedAt',
      header: t('quickOrder.col.lastOrdered'),
      sortKey: 'lastOrderedAt',
      firstSortDirection: 'desc',
      cell: (product) => (
        <Stacked>
          <Day dateTime={product.lastOrderedAt} title={formatDateTime(product.lastOrderedAt, language)}>
            {formatDate(product.lastOrderedAt, language)}
          </Day>
          <Note variant="body2" color="text.secondary" component="span">
            {t('quickOrder.orderedCount', { quantity: product.quantityOrdered, count: product.orderCount })}
          </Note>
        </Stacked>
      ),
    },
    {
      id: 'price',
      header: t('quickOrder.col.price'),
      align: 'right',
      noWrap: true,
      cell: (product) =>
        product.priceOnRequest
          ? t('quickOrder.priceOnRequest')
          : product.price && product.currencyCode
            ? formatMoney(product.price.taxExclusive, product.currencyCode)
            : NONE,
    },
    {
      id: 'quantity',
      header: t('quickOrder.col.quantity'),
      cell: (product) =>
        isSelectable(product) ? (
          <QuantityInput
            label={t('quickOrder.quantityOf', { name: product.productName })}
            value={quantityOf(product)}
            onCommit={(quantity) => onQuantity(product, quantity)}
          />
        ) : (
          NONE
        ),
    },
  ];

  return (
    <ListDataTable
      {...paging}
      label={label}
      columns={columns}
      rows={products}
      getRowKey={(product) => product.id}
      loadingLabel={t('quickOrder.purchased.loading')}
    />
  );
}
