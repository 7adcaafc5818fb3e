import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';

import { formatDateTime } from '../../lib/dates';
import { useLanguage, useMessages } from '../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../lib/routePaths';
import type { CustomerInfo } from '../../lib/user/customerInfo';
import { forgetJoinedMasquerade, useJoinedMasquerade } from '../../lib/user/joinedMasquerade';
import { masqueradeOf, useMasqueradeActions } from '../../lib/user/masquerade';
import { appMessages } from '../messages';

/**
 * Issue 36: a super admin who signs in while a masquerade of theirs is still open (begun in another tab, on another
 * device or on the storefront) acts as that company from the first page. Told on arrival, with since when and a way
 * to end it here — the masquerade bar may be switched off by the store — until they dismiss it or it ends.
 */
export function JoinedMasqueradeNotice({ customer }: { customer: CustomerInfo | null }) {
  const t = useMessages(appMessages);
  const language = useLanguage();
  const navigate = useNavigate();
  const joined = useJoinedMasquerade();
  const actions = useMasqueradeActions();
  const current = masqueradeOf(customer);
  const end = useMutation({
    mutationFn: (companyId: number) => actions.end(companyId),
    onSuccess: () => navigate(ROUTE_PATHS.dashboard),
  });
  // Ended meanwhile (here, in another tab, on the storefront) or another company since: nothing left to tell.
  const ended = joined !== null && customer !== null && current?.id !== joined.companyId;
  useEffect(() => {
    if (ended) forgetJoinedMasquerade();
  }, [ended]);
  if (!joined || !current || current.id !== joined.companyId) return null;

  const since = formatDateTime(joined.beganAt, language);
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 3 }}
      closeText={t('masquerade.joined.dismiss')}
      onClose={forgetJoinedMasquerade}
      data-testid="b2b-joined-masquerade"
    >
      <AlertTitle>{t('masquerade.joined.title', { company: current.companyName })}</AlertTitle>
      {since ? t('masquerade.joined.textSince', { since }) : t('masquerade.joined.text')}
      <div>
        <Button
          size="small"
          variant="outlined"
          color="inherit"
          sx={{ mt: 1 }}
          onClick={() => end.mutate(current.id)}
          loading={end.isPending}
          disabled={end.isPending}
        >
          {t('masquerade.joined.end', { company: current.companyName })}
        </Button>
      </div>
    </Alert>
  );
}
