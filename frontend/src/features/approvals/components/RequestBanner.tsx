import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { styled } from '@mui/material/styles';
import { Link as RouterLink, generatePath } from 'react-router';

import { formatDateTime } from '../../../lib/dates';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import type { PurchaseRequestDetail } from '../api/purchaseRequest';
import { approvalsMessages } from '../messages';

// An alert's message scrolls what does not fit by default (a box axe then wants reachable by keyboard, at 375 px): the
// banner's texts wrap instead.
const Banner = styled(Alert)({ '& .MuiAlert-message': { overflow: 'visible', minWidth: 0, overflowWrap: 'anywhere' } });

/**
 * Where the request stands, in a sentence (a status, not an alert: it is what the page says on arrival): whom it waits for, the order it became (linked), why it was rejected, or
 * that it was withdrawn or its prices expired.
 */
export function RequestBanner({ request }: { request: PurchaseRequestDetail }) {
  const t = useMessages(approvalsMessages);
  const language = useLanguage();
  const decidedAt = request.decidedAt ? formatDateTime(request.decidedAt, language) : null;
  switch (request.status) {
    case 'pending':
      return (
        <Banner severity="info" role="status" data-testid="request-banner">
          <AlertTitle>{t('approvals.banner.pending', { approver: request.currentTierLabel || t('approvals.banner.approvers') })}</AlertTitle>
          {t('approvals.banner.pendingBody', { until: formatDateTime(request.pricesHeldUntil, language) })}
        </Banner>
      );
    case 'placed':
      return (
        <Banner severity="success" role="status" data-testid="request-banner">
          <AlertTitle>
            {request.orderNumber !== null && request.orderNumber !== undefined ? (
              <>
                {t('approvals.banner.placedAs')}{' '}
                <Link component={RouterLink} to={generatePath(ROUTE_PATHS.orderDetail, { id: String(request.orderNumber) })}>
                  {t('approvals.banner.orderNumber', { number: request.orderNumber })}
                </Link>
              </>
            ) : (
              t('approvals.banner.placed')
            )}
          </AlertTitle>
          {decidedAt && t('approvals.banner.decidedAt', { date: decidedAt })}
        </Banner>
      );
    case 'rejected':
      return (
        <Banner severity="error" role="status" data-testid="request-banner">
          <AlertTitle>{t('approvals.banner.rejected')}</AlertTitle>
          <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {request.rejectionReason ? t('approvals.banner.rejectedReason', { reason: request.rejectionReason }) : t('approvals.banner.rejectedNoReason')}
          </span>
        </Banner>
      );
    case 'withdrawn':
      return (
        <Banner severity="info" icon={false} role="status" data-testid="request-banner">
          <AlertTitle>{t('approvals.banner.withdrawn')}</AlertTitle>
          {decidedAt && t('approvals.banner.decidedAt', { date: decidedAt })}
        </Banner>
      );
    case 'expired':
      return (
        <Banner severity="warning" role="status" data-testid="request-banner">
          <AlertTitle>{t('approvals.banner.expired')}</AlertTitle>
          {t('approvals.banner.expiredBody', { until: formatDateTime(request.pricesHeldUntil, language) })}
        </Banner>
      );
    default:
      return null;
  }
}
