import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useId, useState } from 'react';

import { formatDate, formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages, type Translate } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import type { Language } from '../../../lib/i18n/languages';
import { useFormatMoney } from '../../../lib/money';
import type { QuoteChange, QuoteRevision } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { percentLabel } from './QuoteDetailLines';

type DetailKey = MessageKey<typeof quoteDetailMessages>;

/** The newest revisions shown at once; the older ones open on demand. */
export const VISIBLE_REVISIONS = 2;

const FIELD_LABEL: Record<string, DetailKey> = {
  quantity: 'quoteDetail.change.quantity',
  price: 'quoteDetail.change.price',
  discount: 'quoteDetail.change.discount',
  shipping: 'quoteDetail.change.shipping',
  expiry: 'quoteDetail.change.expiry',
};

const Timeline = styled('ol')(({ theme }) => ({
  margin: 0,
  padding: 0,
  listStyle: 'none',
  display: 'flex',
  flexDirection: 'column',
  '&[hidden]': { display: 'none' },
  '& > li': {
    position: 'relative',
    padding: theme.spacing(0, 0, 2, 3),
    borderLeft: `2px solid ${theme.palette.divider}`,
    marginLeft: theme.spacing(0.75),
  },
  '& > li:last-of-type': { paddingBottom: 0 },
  '& > li::before': {
    content: '""',
    position: 'absolute',
    left: -7,
    top: 4,
    width: 12,
    height: 12,
    borderRadius: '50%',
    backgroundColor: theme.palette.background.paper,
    border: `2px solid ${theme.palette.primary.main}`,
  },
}));

const Changes = styled('ul')(({ theme }) => ({
  margin: theme.spacing(0.5, 0, 0),
  paddingLeft: theme.spacing(2.5),
  ...theme.typography.body2,
}));

const Quote = styled('blockquote')(({ theme }) => ({
  margin: theme.spacing(1, 0, 0),
  padding: theme.spacing(1, 1.5),
  borderLeft: `3px solid ${theme.palette.primary.light}`,
  backgroundColor: theme.palette.action.hover,
  borderRadius: theme.shape.borderRadius,
  ...theme.typography.body2,
  whiteSpace: 'pre-line',
  overflowWrap: 'anywhere',
}));

function changeValue(change: QuoteChange, value: string | null, money: (amount: string) => string, language: Language, t: Translate<DetailKey>): string {
  if (value === null || value === '') return t('quoteDetail.change.none');
  switch (change.field) {
    case 'price':
    case 'shipping':
      return money(value);
    case 'discount':
      return percentLabel(value, language) ?? new Intl.NumberFormat(language, { style: 'percent' }).format(0);
    case 'expiry':
      return formatDate(value, language);
    default:
      return value;
  }
}

interface ChangeContext {
  currencyCode: string;
  /**
   * The buyer's unit price per line id: a line's first quoted price is shown against it, not against "none"; null
   * for a price on request (issue 13), whose first quoted price reads against "Price on request".
   */
  originalPrices: ReadonlyMap<number, string | null>;
}

function ChangeItem({ change, currencyCode, originalPrices }: { change: QuoteChange } & ChangeContext) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const formatMoney = useFormatMoney();
  const money = (amount: string) => formatMoney(amount, currencyCode);
  const labelKey = FIELD_LABEL[change.field];
  const label = labelKey ? t(labelKey) : change.field;
  const product = change.productName
    ? change.sku
      ? t('quoteDetail.change.line', { product: change.productName, sku: change.sku })
      : change.productName
    : change.sku;
  const firstPrice =
    change.field === 'price' && change.before === null && change.lineId !== null ? originalPrices.get(change.lineId) : undefined;
  return (
    <li>
      {product && <strong>{product}: </strong>}
      {firstPrice === null
        ? t('quoteDetail.change.text', {
            field: label,
            before: t('quoteDetail.lines.priceOnRequest'),
            after: changeValue(change, change.after, money, language, t),
          })
        : firstPrice !== undefined
        ? t('quoteDetail.change.firstPrice', {
            field: label,
            before: changeValue(change, firstPrice, money, language, t),
            after: changeValue(change, change.after, money, language, t),
          })
        : t('quoteDetail.change.text', {
            field: label,
            before: changeValue(change, change.before, money, language, t),
            after: changeValue(change, change.after, money, language, t),
          })}
    </li>
  );
}

function author(revision: QuoteRevision, t: Translate<DetailKey>): string {
  if (!revision.bySupplier) return t('quoteDetail.revisions.byYou');
  if (revision.automatic) return t('quoteDetail.revisions.automatic');
  return revision.updatedBy ? t('quoteDetail.revisions.bySupplierNamed', { name: revision.updatedBy }) : t('quoteDetail.revisions.bySupplier');
}

function RevisionItem({ revision, currencyCode, originalPrices }: { revision: QuoteRevision } & ChangeContext) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const submitted = revision.number === 0;
  return (
    <li data-testid={`quote-revision-${revision.number}`}>
      <Typography variant="subtitle2" component="h3">
        {submitted ? t('quoteDetail.revisions.submitted') : t('quoteDetail.revisions.revision', { n: revision.number })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {formatDateTime(revision.createdAt, language)} · {author(revision, t)}
      </Typography>
      {revision.message.trim() && <Quote>{revision.message}</Quote>}
      {revision.changes.length > 0 ? (
        <Changes aria-label={t('quoteDetail.revisions.changes', { n: revision.number })}>
          {revision.changes.map((change, index) => (
            <ChangeItem
              key={`${change.field}-${change.lineId ?? 'quote'}-${index}`}
              change={change}
              currencyCode={currencyCode}
              originalPrices={originalPrices}
            />
          ))}
        </Changes>
      ) : (
        !submitted && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {t('quoteDetail.revisions.noChanges')}
          </Typography>
        )
      )}
    </li>
  );
}

/** The quote's history, newest first: the submission (revision 0) and each of the supplier's revisions. */
export function QuoteDetailRevisions({ revisions, currencyCode, originalPrices }: { revisions: readonly QuoteRevision[] } & ChangeContext) {
  const t = useMessages(quoteDetailMessages);
  const [showAll, setShowAll] = useState(false);
  const olderId = useId();
  const newestFirst = [...revisions].sort((a, b) => b.number - a.number);
  const visible = newestFirst.slice(0, VISIBLE_REVISIONS);
  const older = newestFirst.slice(VISIBLE_REVISIONS);

  return (
    <div>
      <Timeline>
        {visible.map((revision) => (
          <RevisionItem key={revision.number} revision={revision} currencyCode={currencyCode} originalPrices={originalPrices} />
        ))}
      </Timeline>
      {older.length > 0 && (
        <>
          <Timeline id={olderId} hidden={!showAll} sx={{ mt: 2 }}>
            {older.map((revision) => (
              <RevisionItem key={revision.number} revision={revision} currencyCode={currencyCode} originalPrices={originalPrices} />
            ))}
          </Timeline>
          <Button size="small" sx={{ mt: 1 }} aria-expanded={showAll} aria-controls={olderId} onClick={() => setShowAll((value) => !value)}>
            {showAll ? t('quoteDetail.revisions.hideOlder') : t('quoteDetail.revisions.showOlder', { n: older.length })}
          </Button>
        </>
      )}
    </div>
  );
}
