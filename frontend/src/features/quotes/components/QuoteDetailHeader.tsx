import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

import { formatDate } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteDetail } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { FactList } from '../../../components/PageSection';
import { QuoteStatusChip } from './QuoteStatusChip';

/** The expiry warning starts this many days ahead (the expiry reminder's `QUOTE_EXPIRY_REMINDER_DAYS`, 3). */
export const EXPIRY_WARNING_DAYS = 3;

const TitleRow = styled('div')(({ theme }) => ({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
}));

const ExpiryNote = styled('span', { shouldForwardProp: (prop) => prop !== 'urgent' })<{ urgent: boolean }>(({ theme, urgent }) => ({
  display: 'block',
  ...theme.typography.body2,
  fontWeight: 600,
  color: urgent ? theme.palette.warning.dark : theme.palette.error.main,
}));

/** Whole days from today (the browser's calendar day) to a `YYYY-MM-DD` day; negative when it is past. */
export function daysUntil(day: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const target = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const start = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  return Math.round((target - start) / 86_400_000);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The quote's number, title, status and key facts: dates (expiry highlighted when close), people, revision. */
export function QuoteDetailHeader({ quote, actions }: { quote: QuoteDetail; actions?: ReactNode }) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  const days = daysUntil(quote.expiresOn);
  const expired = quote.status === 'expired' || (quote.status === 'open' && days !== null && days < 0);
  const expiringSoon = quote.status === 'open' && !expired && days !== null && days <= EXPIRY_WARNING_DAYS;

  let expiryNote: string | null = null;
  if (expired) expiryNote = t('quoteDetail.header.expired');
  else if (expiringSoon && days === 0) expiryNote = t('quoteDetail.header.expiresToday');
  else if (expiringSoon && days === 1) expiryNote = t('quoteDetail.header.expiresTomorrow');
  else if (expiringSoon) expiryNote = t('quoteDetail.header.expiresInDays', { n: days ?? 0 });

  const requester = quote.createdBy;
  return (
    <header>
      <TitleRow>
        <Typography variant="h1">{t('quoteDetail.title', { number: quote.number })}</Typography>
        <QuoteStatusChip status={quote.status} />
      </TitleRow>
      {quote.title && (
        <Typography variant="subtitle1" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
          {quote.title}
        </Typography>
      )}
      {actions}
      <FactList sx={{ mt: 3 }}>
        <Fact label={t('quoteDetail.header.issuedOn')}>{formatDate(quote.issuedOn, language)}</Fact>
        <Fact label={t('quoteDetail.header.expiresOn')}>
          <span data-testid="quote-expires-on">{formatDate(quote.expiresOn, language)}</span>
          {expiryNote && (
            <ExpiryNote urgent={!expired} data-testid="quote-expiry-note">
              {expiryNote}
            </ExpiryNote>
          )}
        </Fact>
        <Fact label={t('quoteDetail.header.salesRep')}>
          {quote.salesRep ? (
            <>
              {quote.salesRep.name}
              {quote.salesRep.email && (
                <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                  <Link href={`mailto:${quote.salesRep.email}`}>{quote.salesRep.email}</Link>
                </Typography>
              )}
            </>
          ) : (
            <Typography component="span" color="text.secondary">
              {t('quoteDetail.header.notAssigned')}
            </Typography>
          )}
        </Fact>
        <Fact label={t('quoteDetail.header.createdBy')}>
          {requester ? requester.name || requester.email : t('quoteDetail.header.guest', { name: quote.contactInfo.name })}
        </Fact>
        {quote.companyName && <Fact label={t('quoteDetail.header.company')}>{quote.companyName}</Fact>}
        <Fact label={t('quoteDetail.header.revision')}>{quote.revision}</Fact>
      </FactList>
    </header>
  );
}
