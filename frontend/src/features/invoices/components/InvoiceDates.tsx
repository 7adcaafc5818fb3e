import Typography from '@mui/material/Typography';

import { formatDate } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { isOverdue } from '../invoiceRules';
import { invoicesMessages } from '../messages';

const NONE = '—';

/** A calendar day (YYYY-MM-DD) as the buyer's language writes it. */
export function InvoiceDay({ day }: { day: string | null }) {
  const language = useLanguage();
  return day ? <time dateTime={day}>{formatDate(day, language)}</time> : <>{NONE}</>;
}

/**
 * business §2: the due date, red when the invoice is overdue (the due date has passed and it is not paid, status 2);
 * "Overdue" is said in words too, so that colour is not the only sign.
 */
export function InvoiceDueDate({ day, status }: { day: string | null; status: number }) {
  const t = useMessages(invoicesMessages);
  const language = useLanguage();
  if (!day) return <>{NONE}</>;
  const overdue = isOverdue(day, status);
  return (
    <Typography component="span" variant="inherit" color={overdue ? 'error' : undefined} data-overdue={overdue || undefined}>
      <time dateTime={day}>{formatDate(day, language)}</time>
      {overdue && (
        <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600 }}>
          {t('invoices.overdue')}
        </Typography>
      )}
    </Typography>
  );
}
