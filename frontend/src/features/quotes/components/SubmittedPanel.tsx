import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { Link as RouterLink, generatePath } from 'react-router';

import { useFocusOnMount } from '../../../app/focus/useFocusOnMount';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import type { QuoteSubmitResult } from '../api/quoteDraftSubmit';
import { quoteMessages } from '../messages';

const Actions = styled('div')(({ theme }) => ({ display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1.5) }));

/** The submitted quote's page; a guest's link carries the quote's access key (docs/api.md "Quotes"). */
export function submittedQuotePath(result: Pick<QuoteSubmitResult, 'quoteId' | 'accessKey'>): string {
  const path = generatePath(ROUTE_PATHS.quoteDetail, { id: String(result.quoteId) });
  return result.accessKey ? `${path}?${new URLSearchParams({ accessKey: result.accessKey }).toString()}` : path;
}

/**
 * After submitting: the quote number and the store's `quote_submission_response` title and message, with a link to
 * the submitted quote (issue 36 item 14) and a way to start another.
 */
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
      <Actions>
        <Button variant="contained" component={RouterLink} to={submittedQuotePath(result)}>
          {t('quoteDraft.submitted.viewQuote', { number: result.number })}
        </Button>
        <Button variant="outlined" onClick={onNewQuote}>
          {t('quoteDraft.submitted.newQuote')}
        </Button>
      </Actions>
    </Paper>
  );
}
