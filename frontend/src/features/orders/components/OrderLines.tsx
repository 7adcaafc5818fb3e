import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { LineAmountCells, LineAmountFacts, LineCard, LineCardFacts, LineCardList, LineProductDetails } from '../../../components/LineParts';
import { useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { OrderDetail, OrderLine } from '../api/order';
import { ordersMessages } from '../messages';
import type { OpenDocument } from './documentLinks';

type T = Translate<MessageKey<typeof ordersMessages>>;

const Product = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(1.5), alignItems: 'flex-start', minWidth: 0 }));

const Thumb = styled('img')(({ theme }) => ({
  width: 48,
  height: 48,
  flex: '0 0 48px',
  objectFit: 'contain',
  borderRadius: theme.shape.borderRadius,
  border: `1px solid ${theme.palette.divider}`,
  backgroundColor: theme.palette.background.paper,
}));

const ThumbPlaceholder = styled('span')(({ theme }) => ({
  width: 48,
  height: 48,
  flex: '0 0 48px',
  borderRadius: theme.shape.borderRadius,
  backgroundColor: theme.palette.action.hover,
}));

const Shipping = styled('span', { shouldForwardProp: (prop) => prop !== 'done' })<{ done: boolean }>(({ theme, done }) => ({
  fontWeight: done ? undefined : 600,
  color: done ? theme.palette.text.secondary : theme.palette.text.primary,
}));

export interface LineSelection {
  /** Whether the lines can be ticked (there is an action to take on them). */
  enabled: boolean;
  selected: ReadonlySet<string>;
  onToggle(lineId: string): void;
  onToggleAll(): void;
}

function ProductCell({ line, t, onOpenDocument }: { line: OrderLine; t: T; onOpenDocument: OpenDocument }) {
  return (
    <Product>
      {line.imageUrl ? <Thumb src={line.imageUrl} alt="" loading="lazy" /> : <ThumbPlaceholder aria-hidden />}
      <div style={{ minWidth: 0 }}>
        {line.productUrl ? (
          <Link href={line.productUrl} sx={{ fontWeight: 600, display: 'block' }}>
            {line.name}
          </Link>
        ) : (
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {line.name}
          </Typography>
        )}
        <LineProductDetails skuText={t('orders.lines.sku', { sku: line.sku })} options={line.options} />
        {line.safetyDataSheetUrl && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <Link
              href={line.safetyDataSheetUrl}
              aria-label={t('orders.lines.safetyDataSheetLabel', { name: line.name })}
              onClick={(event) => onOpenDocument(event, (order) => order.lines.find((item) => item.id === line.id)?.safetyDataSheetUrl ?? null)}
              data-testid={`order-line-sds-${line.id}`}
            >
              {t('orders.lines.safetyDataSheet')}
            </Link>
          </Typography>
        )}
      </div>
    </Product>
  );
}

function ShippedCell({ line, t }: { line: OrderLine; t: T }) {
  return <Shipping done={line.unshippedQuantity === 0}>{t('orders.lines.shippedOf', { shipped: line.shippedQuantity, quantity: line.quantity })}</Shipping>;
}

function LineCheckbox({ line, selection, t }: { line: OrderLine; selection: LineSelection; t: T }) {
  return (
    <Checkbox
      checked={selection.selected.has(line.id)}
      onChange={() => selection.onToggle(line.id)}
      slotProps={{ input: { 'aria-label': t('orders.lines.select', { name: line.name, sku: line.sku }) } }}
    />
  );
}

/**
 * The order's lines as bought — product (linked to its storefront page), options, quantities shipped and still to
 * ship, prices — with the safety data sheet where the product has one. A table on wide screens, cards on the mobile
 * layout (shell §2, 750 px). With an action to take, the lines can be ticked: none ticked means all.
 */
export function OrderLines({ order, selection, onOpenDocument }: { order: OrderDetail; selection: LineSelection; onOpenDocument: OpenDocument }) {
  const t = useMessages(ordersMessages);
  const formatMoney = useFormatMoney();
  const mobile = useMobileLayout();
  const money = (amount: string) => formatMoney(amount, order.currencyCode);
  const count = selection.selected.size;
  const all = count === order.lines.length && count > 0;

  if (mobile) {
    return (
      <>
        {selection.enabled && (
          <FormControlLabel
            control={<Checkbox checked={all} indeterminate={count > 0 && !all} onChange={selection.onToggleAll} />}
            label={t('orders.lines.selectAll')}
          />
        )}
        <LineCardList aria-label={t('orders.section.lines')}>
          {order.lines.map((line) => (
            <li key={line.id}>
              <LineCard variant="outlined" data-testid={`order-line-${line.id}`}>
                <div style={{ display: 'flex', gap: 4, alignItems: 'flex-start' }}>
                  {selection.enabled && <LineCheckbox line={line} selection={selection} t={t} />}
                  <ProductCell line={line} t={t} onOpenDocument={onOpenDocument} />
                </div>
                <LineCardFacts>
                  <dt>{t('orders.lines.quantity')}</dt>
                  <dd>{line.quantity}</dd>
                  <dt>{t('orders.lines.shipped')}</dt>
                  <dd>
                    <ShippedCell line={line} t={t} />
                  </dd>
                  <LineAmountFacts
                    unitPrice={money(line.unitPrice)}
                    lineTotal={money(line.lineTotal)}
                    unitPriceLabel={t('orders.lines.unitPrice')}
                    lineTotalLabel={t('orders.lines.total')}
                  />
                </LineCardFacts>
              </LineCard>
            </li>
          ))}
        </LineCardList>
      </>
    );
  }

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('orders.section.lines')}>
        <TableHead>
          <TableRow>
            {selection.enabled && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={count > 0 && !all}
                  onChange={selection.onToggleAll}
                  slotProps={{ input: { 'aria-label': t('orders.lines.selectAll') } }}
                />
              </TableCell>
            )}
            <TableCell>{t('orders.lines.product')}</TableCell>
            <TableCell align="right">{t('orders.lines.quantity')}</TableCell>
            <TableCell align="right">{t('orders.lines.shipped')}</TableCell>
            <TableCell align="right">{t('orders.lines.unitPrice')}</TableCell>
            <TableCell align="right">{t('orders.lines.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.lines.map((line) => (
            <TableRow key={line.id} data-testid={`order-line-${line.id}`} selected={selection.selected.has(line.id)}>
              {selection.enabled && (
                <TableCell padding="checkbox">
                  <LineCheckbox line={line} selection={selection} t={t} />
                </TableCell>
              )}
              <TableCell>
                <ProductCell line={line} t={t} onOpenDocument={onOpenDocument} />
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <ShippedCell line={line} t={t} />
                {line.unshippedQuantity > 0 && line.shippedQuantity > 0 && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {t('orders.lines.toShip', { count: line.unshippedQuantity })}
                  </Typography>
                )}
              </TableCell>
              <LineAmountCells unitPrice={money(line.unitPrice)} lineTotal={money(line.lineTotal)} />
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
