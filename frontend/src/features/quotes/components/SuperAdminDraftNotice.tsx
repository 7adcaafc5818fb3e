import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { quoteMessages } from '../messages';
import { superAdminQuoteMessages } from '../superAdminMessages';
import { QuotePage } from './QuotePage';

/** `/quoteDraft` for a super admin who is not masquerading: the page is theirs (shell §2), building a quote is not
 * until they act for a company (shell §4) — say so, and show the way to the dashboard (issue 13). */
export function SuperAdminDraftNotice() {
  const t = useMessages(quoteMessages);
  const ts = useMessages(superAdminQuoteMessages);
  return (
    <QuotePage>
      <Typography variant="h1">{t('quoteDraft.title')}</Typography>
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={ROUTE_PATHS.dashboard} color="inherit">
            {ts('superAdminDraft.dashboard')}
          </Button>
        }
      >
        {ts('superAdminDraft.body')}
      </Alert>
    </QuotePage>
  );
}
