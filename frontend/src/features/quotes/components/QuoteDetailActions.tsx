import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { styled } from '@mui/material/styles';

import { formatDate } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteDetail } from '../api/quote';
import { quoteDetailMessages } from '../detailMessages';
import { VisuallyHidden } from '../../../components/VisuallyHidden';

const Bar = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  gap: theme.spacing(1.5),
  marginTop: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { '& > button': { flex: '1 1 100%' } },
}));

export type PdfAction = 'download' | 'print';

export interface QuoteDetailActionsProps {
  quote: QuoteDetail;
  pdfBusy: PdfAction | null;
  checkingOut: boolean;
  onPdf(action: PdfAction): void;
  onCheckout(): void;
}

/** Download PDF and Print (canDownloadPdf), Proceed to checkout (canCheckout); nothing when none is allowed. */
export function QuoteDetailActions({ quote, pdfBusy, checkingOut, onPdf, onCheckout }: QuoteDetailActionsProps) {
  const t = useMessages(quoteDetailMessages);
  if (!quote.canDownloadPdf && !quote.canCheckout) return null;
  return (
    <Bar role="group" aria-label={t('quoteDetail.actions.label')}>
      {quote.canCheckout && (
        <Button variant="contained" size="large" loading={checkingOut} loadingPosition="start" onClick={onCheckout}>
          {t('quoteDetail.actions.checkout')}
        </Button>
      )}
      {quote.canDownloadPdf && (
        <>
          <Button variant="outlined" loading={pdfBusy === 'download'} loadingPosition="start" disabled={pdfBusy !== null} onClick={() => onPdf('download')}>
            {t('quoteDetail.actions.downloadPdf')}
          </Button>
          <Button variant="outlined" loading={pdfBusy === 'print'} loadingPosition="start" disabled={pdfBusy !== null} onClick={() => onPdf('print')}>
            {t('quoteDetail.actions.print')}
          </Button>
        </>
      )}
      <VisuallyHidden role="status">{checkingOut ? t('quoteDetail.actions.checkoutPreparing') : ''}</VisuallyHidden>
    </Bar>
  );
}

/** Why the quote cannot be ordered (yet): ordered, expired, awaiting the supplier's prices. */
export function QuoteDetailNotices({ quote }: { quote: QuoteDetail }) {
  const t = useMessages(quoteDetailMessages);
  const language = useLanguage();
  if (quote.status === 'ordered') {
    return (
      <Alert severity="success" data-testid="quote-ordered">
        {quote.orderNumber !== null ? t('quoteDetail.notice.ordered', { orderNumber: quote.orderNumber }) : t('quoteDetail.notice.orderedNoNumber')}
      </Alert>
    );
  }
  if (quote.status === 'expired') {
    return (
      <Alert severity="info">
        <AlertTitle>{t('quoteDetail.notice.expiredTitle')}</AlertTitle>
        {t('quoteDetail.notice.expired', { date: formatDate(quote.expiresOn, language) })}
      </Alert>
    );
  }
  if (!quote.isPriced) {
    return (
      <Alert severity="info">
        <AlertTitle>{t('quoteDetail.notPriced')}</AlertTitle>
        {t('quoteDetail.notice.notPricedBody')}
      </Alert>
    );
  }
  return null;
}
