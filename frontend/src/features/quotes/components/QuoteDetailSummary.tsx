import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useFormatMoney } from '../../../lib/money';
import type { QuoteDetail } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { percentLabel } from './QuoteDetailLines';

const Rows = styled('dl')(({ theme }) => ({
  margin: 0,
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  // No column gap: each row's rule runs unbroken from the label to the amount.
  '& > dt, & > dd': { padding: theme.spacing(1, 0), borderBottom: `1px solid ${theme.palette.divider}`, ...theme.typography.body1 },
  '& > dd': { margin: 0, paddingLeft: theme.spacing(3), textAlign: 'right' },
  '& > .total': { borderBottom: 'none', fontWeight: 700, fontSize: theme.typography.h2.fontSize },
}));

function Row({ label, testId, total, children }: { label: string; testId: string; total?: boolean; children: ReactNode }) {
  return (
    <>
      <dt className={total ? 'total' : undefined}>{label}</dt>
      <dd className={total ? 'total' : undefined} data-testid={testId}>
        {children}
      </dd>
    </>
  );
}

/** The totals (docs/api.md: discount = original − quoted subtotal, shipping null = calculated at checkout). */
export function QuoteDetailSummary({ quote }: { quote: QuoteDetail }) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const { summary } = quote;
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, quote.currencyCode);
  const awaiting = (
    <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {t('quoteDetail.lines.awaitingPrice')}
    </Typography>
  );
  // Null only while a line's price is on request and not yet quoted (issue 13).
  const onRequest = (
    <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {t('quoteDetail.lines.priceOnRequest')}
    </Typography>
  );
  const percent = percentLabel(summary.discountPercent, language);

  let discount: ReactNode = awaiting;
  if (summary.discount !== null) {
    const value = Number(summary.discount);
    // A positive discount saves money; a negative one means the supplier's prices are above the original ones.
    const amount = value > 0 ? `−${money(String(value))}` : value < 0 ? `+${money(String(-value))}` : money('0');
    discount = (
      <>
        <Typography component="span" color={value > 0 ? 'success.dark' : undefined}>
          {amount}
        </Typography>
        {percent && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('quoteDetail.summary.discountPercent', { percent })}
          </Typography>
        )}
      </>
    );
  }

  return (
    <div>
      <Rows>
        <Row label={t('quoteDetail.summary.originalSubtotal')} testId="quote-summary-original-subtotal">
          {summary.originalSubtotal === null ? onRequest : money(summary.originalSubtotal)}
        </Row>
        <Row label={t('quoteDetail.summary.discount')} testId="quote-summary-discount">
          {discount}
        </Row>
        <Row label={t('quoteDetail.summary.quotedSubtotal')} testId="quote-summary-quoted-subtotal">
          {summary.quotedSubtotal === null ? awaiting : money(summary.quotedSubtotal)}
        </Row>
        <Row label={t('quoteDetail.summary.shipping')} testId="quote-summary-shipping">
          {summary.shipping === null ? t('quoteDetail.summary.shippingAtCheckout') : money(summary.shipping)}
        </Row>
        <Row label={t('quoteDetail.summary.tax')} testId="quote-summary-tax">
          {summary.tax === null ? awaiting : money(summary.tax)}
        </Row>
        <Row label={t('quoteDetail.summary.grandTotal')} testId="quote-summary-grand-total" total>
          {summary.grandTotal === null ? awaiting : money(summary.grandTotal)}
        </Row>
      </Rows>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('quoteDetail.summary.taxNote')}
      </Typography>
    </div>
  );
}
