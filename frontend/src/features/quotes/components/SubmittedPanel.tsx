import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

import { useFocusOnMount } from '../../../app/focus/useFocusOnMount';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { QuoteSubmitResult } from '../api/quoteDraftSubmit';
import { quoteMessages } from '../messages';

/** After submitting: the quote number and the store's `quote_submission_response` title and message. */
export function SubmittedPanel({ result, onNewQuote }: { result: QuoteSubmitResult; onNewQuote(): void }) {
  const t = useMessages(quoteMessages);
  // The Submit button is gone: focus goes to the result, which a screen reader then reads (issue 15).
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  return (
    <Paper variant="outlined" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }} role="status">
      <Typography variant="h2" ref={headingRef}>{result.title || t('quoteDraft.submitted.title')}</Typography>
      <Typography variant="subtitle1" data-testid="quote-number">
        {t('quoteDraft.submitted.number', { number: result.number })}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{result.message || t('quoteDraft.submitted.body')}</Typography>
      <div>
        <Button variant="outlined" onClick={onNewQuote}>
          {t('quoteDraft.submitted.newQuote')}
        </Button>
      </div>
    </Paper>
  );
}
