import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { useCompanyMasqueradeSessions } from '../api/companyMasqueradeSessions';
import { accountMessages } from '../messages';

function formatTime(value: string, language: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Issue 5 audit: a company admin sees when the supplier's super admins acted as the company, and what they did. */
export function MasqueradeAudit() {
  const t = useMessages(accountMessages);
  const language = useLanguage();
  const sessions = useCompanyMasqueradeSessions(true);
  const rows = sessions.data?.pages.flatMap((page) => page.edges.map((edge) => edge.node)) ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby="b2b-audit-title" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <div>
        <Typography variant="h2" id="b2b-audit-title" gutterBottom>
          {t('audit.title')}
        </Typography>
        <Typography color="text.secondary">{t('audit.intro')}</Typography>
      </div>
      {sessions.isPending && <CircularProgress aria-label={t('account.loading')} sx={{ alignSelf: 'center' }} />}
      {sessions.isError && (
        <LoadErrorAlert message={t('audit.loadError')} retryLabel={t('account.retry')} onRetry={() => void sessions.refetch()} />
      )}
      {sessions.isSuccess && rows.length === 0 && <Typography>{t('audit.empty')}</Typography>}
      {rows.length > 0 && (
        <TableContainer>
          <Table size="small" aria-labelledby="b2b-audit-title">
            <TableHead>
              <TableRow>
                <TableCell>{t('audit.who')}</TableCell>
                <TableCell>{t('audit.began')}</TableCell>
                <TableCell>{t('audit.ended')}</TableCell>
                <TableCell>{t('audit.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((session) => (
                <TableRow key={session.id}>
                  <TableCell>
                    {session.superAdminName || session.superAdminEmail}
                    {session.superAdminName && (
                      <Typography variant="caption" component="div" color="text.secondary">
                        {session.superAdminEmail}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>{formatTime(session.beganAt, language)}</TableCell>
                  <TableCell>{session.endedAt ? formatTime(session.endedAt, language) : t('audit.active')}</TableCell>
                  <TableCell>
                    {session.events.length === 0
                      ? session.eventCount
                      : session.events.map((event) => (
                          <Typography key={event.id} variant="body2">
                            {event.summary}
                          </Typography>
                        ))}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {sessions.hasNextPage && (
        <div>
          <Button onClick={() => void sessions.fetchNextPage()} loading={sessions.isFetchingNextPage}>
            {t('audit.more')}
          </Button>
        </div>
      )}
    </Paper>
  );
}
