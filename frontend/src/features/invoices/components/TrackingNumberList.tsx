import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';

import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { InvoiceTrackingNumber } from '../api/invoiceRows';
import { invoicesMessages } from '../messages';

const List = styled('ul')(({ theme }) => ({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1, 3),
  '& > li': { display: 'flex', flexDirection: 'column', minWidth: 0 },
}));

/**
 * business §2: the tracking numbers of the invoice's shipments; each opens the carrier's tracking page (the tracking
 * engine's link) in a new tab. A number the engine does not recognise is shown without a link.
 */
export function TrackingNumberList({ trackingNumbers, label }: { trackingNumbers: readonly InvoiceTrackingNumber[]; label: string }) {
  const t = useMessages(invoicesMessages);
  if (trackingNumbers.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('invoices.tracking.none')}
      </Typography>
    );
  }
  return (
    <List aria-label={label}>
      {trackingNumbers.map((tracking) => (
        <li key={tracking.number}>
          {tracking.trackingUrl ? (
            <Link href={tracking.trackingUrl} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
              {tracking.number} <VisuallyHidden>{t('invoices.newTab')}</VisuallyHidden>
            </Link>
          ) : (
            <span>{tracking.number}</span>
          )}
          {tracking.carrier && (
            <Typography component="span" variant="body2" color="text.secondary">
              {tracking.carrier}
            </Typography>
          )}
        </li>
      ))}
    </List>
  );
}
