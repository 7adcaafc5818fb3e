import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useState, type ReactNode } from 'react';

import { ProductThumb } from '../../../components/productSearch/ProductThumb';
import { QuantityInput } from '../../../components/productSearch/QuantityInput';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { QuoteDraft, QuoteDraftLine } from '../api/draftFields';
import { quoteMessages } from '../messages';
import { quoteSearchMessages } from '../searchMessages';
import { DraftRemoveDialog } from './DraftRemoveDialog';
import { LineCard, LineCardFacts, LineCardList, LineProduct } from './LineCards';

const PriceOnRequest = styled('span')(({ theme }) => ({ ...theme.typography.body2, fontStyle: 'italic', whiteSpace: 'nowrap' }));

const CardActions = styled('div')(({ theme }) => ({ display: 'flex', gap: theme.spacing(1), alignItems: 'center', justifyContent: 'space-between' }));

interface DraftLinesProps {
  draft: QuoteDraft;
  busy: boolean;
  onQuantity(line: QuoteDraftLine, quantity: number): void;
  onRemove(line: QuoteDraftLine): void;
  /** Opens the options of a line that has any. */
  onEditOptions(line: QuoteDraftLine): void;
}

interface LineParts {
  product: ReactNode;
  price: ReactNode;
  quantity: ReactNode;
  total: ReactNode;
  remove: ReactNode;
}

/**
 * The draft's lines with live prices, editable quantities and options, and removal after a confirmation; then the
 * totals. A table on wide screens, stacked cards on mobile (shell §2, 750 px).
 */
export function DraftLines({ draft, busy, onQuantity, onRemove, onEditOptions }: DraftLinesProps) {
  const t = useMessages(quoteMessages);
  const ts = useMessages(quoteSearchMessages);
  const mobile = useMobileLayout();
  const [removing, setRemoving] = useState<QuoteDraftLine | null>(null);
  const formatMoney = useFormatMoney();
  const money = (amount: string | null) => formatMoney(amount, draft.currencyCode);
  // Issue 13: the catalog hides these prices; the supplier gives them in the quote (unlike a pending account's
  // hidden prices, which the whole page explains once).
  const onRequest = <PriceOnRequest>{t('quoteDraft.priceOnRequest')}</PriceOnRequest>;
  const anyOnRequest = draft.products.some((line) => line.priceOnRequest);
  const totalAmount = (amount: string | null) => (anyOnRequest ? '—' : money(amount));

  const partsOf = (line: QuoteDraftLine): LineParts => ({
    product: (
      <LineProduct>
        <ProductThumb src={line.primaryImage} />
        <div style={{ minWidth: 0 }}>
          {line.productUrl ? (
            <Link href={line.productUrl}>{line.productName}</Link>
          ) : (
            <Typography component="span">{line.productName}</Typography>
          )}
          {line.options.map((option) => (
            <Typography key={`${option.optionName}:${option.value}`} variant="body2" color="text.secondary">
              {option.optionName}: {option.value}
            </Typography>
          ))}
          {line.options.length > 0 && (
            <Button
              size="small"
              sx={{ ml: -0.5, minWidth: 0 }}
              disabled={busy}
              onClick={() => onEditOptions(line)}
              aria-label={ts('quoteEdit.button', { name: line.productName })}
            >
              {ts('quoteEdit.link')}
            </Button>
          )}
        </div>
      </LineProduct>
    ),
    price: line.priceOnRequest ? (
      onRequest
    ) : line.priceError ? (
      <Typography component="span" color="error" variant="body2">
        {t('quoteDraft.toast.priceError')}
      </Typography>
    ) : (
      money(line.calculatedValue)
    ),
    quantity: (
      <QuantityInput
        label={t('quoteDraft.quantityLabel', { name: line.productName })}
        value={line.quantity}
        disabled={busy}
        onCommit={(quantity) => onQuantity(line, quantity)}
      />
    ),
    total: line.priceOnRequest
      ? onRequest
      : line.priceError
        ? ''
        : money(draft.showInclusive ? line.lineTotalWithTax : line.lineTotal),
    remove: (
      <Button size="small" color="error" disabled={busy} onClick={() => setRemoving(line)} aria-label={t('quoteDraft.remove', { name: line.productName })}>
        {t('quoteDraft.removeConfirm')}
      </Button>
    ),
  });

  return (
    <>
      {mobile ? (
        <LineCardList aria-label={t('quoteDraft.section.products')}>
          {draft.products.map((line) => {
            const parts = partsOf(line);
            return (
              <LineCard key={line.id}>
                {parts.product}
                <LineCardFacts>
                  <dt>{t('quoteDraft.col.sku')}</dt>
                  <dd>{line.variantSku}</dd>
                  <dt>{t('quoteDraft.col.price')}</dt>
                  <dd>{parts.price}</dd>
                  <dt>{t('quoteDraft.col.total')}</dt>
                  <dd>{parts.total}</dd>
                </LineCardFacts>
                <CardActions>
                  {parts.quantity}
                  {parts.remove}
                </CardActions>
              </LineCard>
            );
          })}
        </LineCardList>
      ) : (
        <Table size="small" aria-label={t('quoteDraft.section.products')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('quoteDraft.col.product')}</TableCell>
              <TableCell>{t('quoteDraft.col.sku')}</TableCell>
              <TableCell align="right">{t('quoteDraft.col.price')}</TableCell>
              <TableCell>{t('quoteDraft.col.quantity')}</TableCell>
              <TableCell align="right">{t('quoteDraft.col.total')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {draft.products.map((line) => {
              const parts = partsOf(line);
              return (
                <TableRow key={line.id}>
                  <TableCell>{parts.product}</TableCell>
                  <TableCell>{line.variantSku}</TableCell>
                  <TableCell align="right">{parts.price}</TableCell>
                  <TableCell>{parts.quantity}</TableCell>
                  <TableCell align="right">{parts.total}</TableCell>
                  <TableCell>{parts.remove}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
      {draft.pricesHidden ? (
        <Typography color="text.secondary">{t('quoteDraft.pricesHidden')}</Typography>
      ) : (
        <Table size="small" sx={{ maxWidth: 360, ml: 'auto' }}>
          <TableBody>
            <TableRow>
              <TableCell>{t('quoteDraft.subtotal')}</TableCell>
              <TableCell align="right" data-testid="quote-subtotal">{totalAmount(draft.totals.subtotal)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>{t('quoteDraft.tax')}</TableCell>
              <TableCell align="right" data-testid="quote-tax">{totalAmount(draft.totals.tax)}</TableCell>
            </TableRow>
            <TableRow>
              <TableCell>
                <strong>{t('quoteDraft.grandTotal')}</strong>
              </TableCell>
              <TableCell align="right" data-testid="quote-grand-total">
                <strong>{anyOnRequest ? t('quoteDraft.priceOnRequest') : money(draft.totals.grandTotal)}</strong>
              </TableCell>
            </TableRow>
            <TableRow>
              <TableCell colSpan={2}>
                {anyOnRequest && (
                  <Typography variant="body2" color="text.secondary">
                    {t('quoteDraft.priceOnRequestNote')}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary">
                  {t(draft.showInclusive ? 'quoteDraft.taxIncluded' : 'quoteDraft.taxExcluded')}
                </Typography>
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      )}
      <DraftRemoveDialog
        removing={removing}
        title={t('quoteDraft.removeTitle')}
        body={t('quoteDraft.removeBody', { name: removing?.productName ?? '' })}
        onRemove={onRemove}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
