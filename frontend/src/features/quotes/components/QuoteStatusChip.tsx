import Chip, { type ChipProps } from '@mui/material/Chip';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { QUOTE_STATUSES, type QuoteStatus } from '../api/quotes';
import { quotesListMessages } from '../listMessages';

export const QUOTE_STATUS_LABEL = {
  open: 'quotes.status.open',
  ordered: 'quotes.status.ordered',
  expired: 'quotes.status.expired',
} as const satisfies Record<QuoteStatus, string>;

const STATUS_COLOR = {
  open: 'primary',
  ordered: 'success',
  expired: 'default',
} as const satisfies Record<QuoteStatus, ChipProps['color']>;

export function isQuoteStatus(status: string): status is QuoteStatus {
  return (QUOTE_STATUSES as readonly string[]).includes(status);
}

/** A quote's status (api.md "Quotes": open, ordered, expired) as a small coloured chip; an unknown one as is. */
export function QuoteStatusChip({ status }: { status: string }) {
  const t = useMessages(quotesListMessages);
  const known = status.toLowerCase();
  if (!isQuoteStatus(known)) return <Chip size="small" variant="outlined" label={status} />;
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[known]}
      // An expired quote can no longer be ordered: it steps back in an outline.
      variant={known === 'expired' ? 'outlined' : 'filled'}
      label={t(QUOTE_STATUS_LABEL[known])}
    />
  );
}
