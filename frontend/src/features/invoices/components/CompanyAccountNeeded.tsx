import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import { styled } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';

import { useMessages } from '../../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../../lib/i18n/keys';
import { ROUTE_PATHS, loginPath } from '../../../lib/routePaths';
import { useSessionActions } from '../../../lib/useSessionActions';
import { invoicesMessages } from '../messages';

/** The outlined panel of the payment link's page and of this notice. */
export const InvoicePanel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

/**
 * An invoice link opened by a user without a company account (shell §2 login flag 7's roles 4 and 99): why the invoice
 * is not shown, and a way to sign in with a company account. Their session ends only when they choose that (issue 36).
 */
export function CompanyAccountNeeded({ message }: { message: MessageKey<typeof invoicesMessages> }) {
  const t = useMessages(invoicesMessages);
  const navigate = useNavigate();
  const { signOut } = useSessionActions();
  const [signingOut, setSigningOut] = useState(false);

  const switchAccount = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
    }
    void navigate(loginPath(7), { replace: true });
  };

  return (
    <InvoicePanel variant="outlined">
      <Alert severity="warning">{t(message)}</Alert>
      <div>
        <Button variant="contained" onClick={() => void switchAccount()} loading={signingOut} disabled={signingOut}>
          {t('invoices.payment.switchAccount')}
        </Button>
      </div>
    </InvoicePanel>
  );
}

/** Back to the storefront page under the portal (the blank landing closes the portal). */
export function BackToShopLink() {
  const t = useMessages(invoicesMessages);
  return (
    <div>
      <Link component={RouterLink} to={ROUTE_PATHS.landing} variant="body2">
        {t('invoices.payment.backToShop')}
      </Link>
    </div>
  );
}
