import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha, styled } from '@mui/material/styles';

import { ProductThumb } from '../../../components/productSearch/ProductThumb';
import type { MessageKey } from '../../../lib/i18n/keys';
import { useLanguage, useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { Language } from '../../../lib/i18n/languages';
import { useFormatMoney } from '../../../lib/money';
import { useMobileLayout } from '../../../lib/useMobileLayout';
import type { QuoteDetail, QuoteLine } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { LineCard, LineCardFacts, LineCardList, LineProduct } from './LineCards';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

type DetailKey = MessageKey<typeof quoteDetailMessages>;

const ProblemRow = styled(TableRow, { shouldForwardProp: (prop) => prop !== 'problem' })<{ problem: boolean }>(({ theme, problem }) => ({
  ...(problem && {
    backgroundColor: alpha(theme.palette.error.main, 0.06),
    '& > td:first-of-type': { boxShadow: `inset 4px 0 0 ${theme.palette.error.main}` },
  }),
}));

const Struck = styled('s')(({ theme }) => ({ color: theme.palette.text.secondary, display: 'block' }));

const differs = (a: string | null, b: string | null) => a !== null && b !== null && Number(a) !== Number(b);

interface Formatters {
  t: Translate<DetailKey>;
  money: (amount: string | null) => string;
  percent: string | null;
}

/** The overall discount as a percent in the language's format ("5%"); null when there is none. */
export function percentLabel(discountPercent: string, language: Language): string | null {
  const value = Number(discountPercent);
  if (!Number.isFinite(value) || value <= 0) return null;
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 2 }).format(value / 100);
}

function ProductCell({ line, problem, t }: { line: QuoteLine; problem: string | undefined; t: Formatters['t'] }) {
  return (
    <LineProduct>
      <ProductThumb src={line.primaryImage} />
      <div style={{ minWidth: 0 }}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
          {line.productName}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('quoteDetail.lines.sku', { sku: line.sku })}
        </Typography>
        {line.options.map((option) => (
          <Typography key={`${option.optionName}:${option.value}`} variant="body2" color="text.secondary">
            {option.optionName}: {option.value}
          </Typography>
        ))}
        {problem && (
          <Typography variant="body2" color="error" sx={{ fontWeight: 600, mt: 0.5 }} data-testid={`quote-line-problem-${line.id}`}>
            {problem}
          </Typography>
        )}
      </div>
    </LineProduct>
  );
}

/** A price the catalog hid (issue 13): the supplier gives it in the quote. */
function PriceOnRequest({ f }: { f: Formatters }) {
  return (
    <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
      {f.t('quoteDetail.lines.priceOnRequest')}
    </Typography>
  );
}

function OriginalPrice({ line, f }: { line: QuoteLine; f: Formatters }) {
  if (line.originalPrice === null) return <PriceOnRequest f={f} />;
  if (differs(line.originalPrice, line.quotedPrice)) {
    return (
      <Struck>
        <VisuallyHidden>{f.t('quoteDetail.lines.previously')} </VisuallyHidden>
        {f.money(line.originalPrice)}
      </Struck>
    );
  }
  return <>{f.money(line.originalPrice)}</>;
}

function QuotedPrice({ line, f }: { line: QuoteLine; f: Formatters }) {
  if (line.quotedPrice === null) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
        {f.t('quoteDetail.lines.awaitingPrice')}
      </Typography>
    );
  }
  return (
    <>
      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {f.money(line.quotedPrice)}
      </Typography>
      {f.percent && line.discountedPrice !== null && differs(line.quotedPrice, line.discountedPrice) && (
        <Typography component="span" variant="body2" color="success.dark" sx={{ display: 'block' }}>
          {f.t('quoteDetail.lines.afterDiscount', { price: f.money(line.discountedPrice), percent: f.percent })}
        </Typography>
      )}
    </>
  );
}

function LineTotal({ line, f }: { line: QuoteLine; f: Formatters }) {
  if (line.quotedTotal === null) {
    return line.originalTotal === null ? <PriceOnRequest f={f} /> : <>{f.money(line.originalTotal)}</>;
  }
  return (
    <>
      {differs(line.originalTotal, line.quotedTotal) && (
        <Struck>
          <VisuallyHidden>{f.t('quoteDetail.lines.previously')} </VisuallyHidden>
          {f.money(line.originalTotal)}
        </Struck>
      )}
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {f.money(line.quotedTotal)}
      </Typography>
    </>
  );
}

/**
 * The quote's products with the buyer's original and the supplier's quoted prices (original prices struck
 * through when the quote changed them); a table on wide screens, stacked cards on mobile (shell §2, 750 px).
 * Lines the stock check refused are highlighted with the server's message.
 */
export function QuoteDetailLines({ quote, stockProblems }: { quote: QuoteDetail; stockProblems: Readonly<Record<number, string>> }) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const mobile = useMobileLayout();
  const f: Formatters = {
    t,
    money: (amount) => formatMoney(amount, quote.currencyCode),
    percent: percentLabel(quote.summary.discountPercent, language),
  };

  if (mobile) {
    return (
      <LineCardList aria-label={t('quoteDetail.section.lines')}>
        {quote.lines.map((line) => (
          <LineCard key={line.id} problem={line.id in stockProblems} data-testid={`quote-line-${line.id}`}>
            <ProductCell line={line} problem={stockProblems[line.id]} t={t} />
            <LineCardFacts>
              <dt>{t('quoteDetail.lines.quantity')}</dt>
              <dd>{line.quantity}</dd>
              <dt>{t('quoteDetail.lines.originalPrice')}</dt>
              <dd>
                <OriginalPrice line={line} f={f} />
              </dd>
              <dt>{t('quoteDetail.lines.quotedPrice')}</dt>
              <dd>
                <QuotedPrice line={line} f={f} />
              </dd>
              <dt>{t('quoteDetail.lines.total')}</dt>
              <dd>
                <LineTotal line={line} f={f} />
              </dd>
            </LineCardFacts>
          </LineCard>
        ))}
      </LineCardList>
    );
  }

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('quoteDetail.section.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('quoteDetail.lines.product')}</TableCell>
            <TableCell align="right">{t('quoteDetail.lines.quantity')}</TableCell>
            <TableCell align="right">{t('quoteDetail.lines.originalPrice')}</TableCell>
            <TableCell align="right">{t('quoteDetail.lines.quotedPrice')}</TableCell>
            <TableCell align="right">{t('quoteDetail.lines.total')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {quote.lines.map((line) => (
            <ProblemRow key={line.id} problem={line.id in stockProblems} data-testid={`quote-line-${line.id}`}>
              <TableCell>
                <ProductCell line={line} problem={stockProblems[line.id]} t={t} />
              </TableCell>
              <TableCell align="right">{line.quantity}</TableCell>
              <TableCell align="right">
                <OriginalPrice line={line} f={f} />
              </TableCell>
              <TableCell align="right">
                <QuotedPrice line={line} f={f} />
              </TableCell>
              <TableCell align="right">
                <LineTotal line={line} f={f} />
              </TableCell>
            </ProblemRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
