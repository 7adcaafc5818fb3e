import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink, useLocation } from 'react-router';

import { useMessages } from '../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../lib/routePaths';
import { COMPANY_STATUS, type CustomerInfo } from '../../lib/user/customerInfo';
import { appMessages } from '../messages';

/**
 * shell §1/§4/§8 for the signed-in user of a pending or rejected company: the pending tip (ordering, or products,
 * pricing and ordering, as the store's switches say), or the prompt to resubmit a rejected application.
 */
export function AccountStatusBanner({ customer }: { customer: CustomerInfo | null }) {
  const t = useMessages(appMessages);
  const { pathname } = useLocation();
  const company = customer?.companyInfo;
  // The application page says the same in its own words.
  if (!customer || !company || customer.masquerade?.isAgenting || pathname === ROUTE_PATHS.registeredBcToB2b) return null;
  if (company.status === COMPANY_STATUS.pending) {
    const status = customer.accountStatus;
    const key = status?.pricesHidden ? 'status.pending.pricing' : status?.orderCreationBlocked ? 'status.pending.order' : 'status.pending.general';
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t(key)}
      </Alert>
    );
  }
  if (company.status === COMPANY_STATUS.rejected) {
    return (
      <Alert
        severity="error"
        sx={{ mb: 3 }}
        action={
          <Button component={RouterLink} to={ROUTE_PATHS.registeredBcToB2b} color="inherit" size="small">
            {t('status.resubmit')}
          </Button>
        }
      >
        {t('status.rejected')}
        {company.rejectionReason && <div>{t('status.rejected.reason', { reason: company.rejectionReason })}</div>}
      </Alert>
    );
  }
  return null;
}
