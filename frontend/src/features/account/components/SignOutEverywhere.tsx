import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toast } from '../../../components/toast/toastStore';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { loginPath } from '../../../lib/routePaths';
import { useSessionActions } from '../../../lib/useSessionActions';
import { useLogoutEverywhere } from '../api/logoutEverywhere';
import { accountMessages } from '../messages';

/**
 * Issue 12: end every session of the account — each B2B token and each storefront session, on every device — after
 * a confirmation; then this tab is signed out too and goes to the sign-in page.
 */
export function SignOutEverywhere() {
  const t = useMessages(accountMessages);
  const navigate = useNavigate();
  const { endSession } = useSessionActions();
  const logoutEverywhere = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const signOutEverywhere = () => {
    setConfirming(false);
    logoutEverywhere.mutate(undefined, {
      onSuccess: () => {
        endSession('signedOut');
        toast.success(t('account.signOutEverywhere.done'));
        // shell §2: signing out lands on the sign-in page with flag 3.
        void navigate(loginPath(3), { replace: true });
      },
    });
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="b2b-sign-out-everywhere-title" sx={{ p: 3, display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'flex-start' }}>
      <div>
        <Typography variant="h2" id="b2b-sign-out-everywhere-title" gutterBottom>
          {t('account.signOutEverywhere.title')}
        </Typography>
        <Typography color="text.secondary">{t('account.signOutEverywhere.intro')}</Typography>
      </div>
      <Button variant="outlined" color="error" onClick={() => setConfirming(true)} loading={logoutEverywhere.isPending} disabled={logoutEverywhere.isPending}>
        {t('account.signOutEverywhere.button')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('account.signOutEverywhere.confirmTitle')}
        body={t('account.signOutEverywhere.confirmBody')}
        confirmLabel={t('account.signOutEverywhere.confirm')}
        cancelLabel={t('account.signOutEverywhere.cancel')}
        onConfirm={signOutEverywhere}
        onCancel={() => setConfirming(false)}
        destructive
      />
    </Paper>
  );
}
