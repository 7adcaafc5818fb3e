import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DetailBackLink, DetailHeaderPanel, DetailPage, DetailPageLoading, DetailPageUnavailable } from '../../../components/DetailPage';
import { Fact, FactList, PageSection } from '../../../components/PageSection';
import { toast } from '../../../components/toast/toastStore';
import { PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY } from '../../../lib/approvalsInbox';
import { BUDGET_STATUS_QUERY_KEY } from '../../../lib/budgetStatus';
import { formatDateTime } from '../../../lib/dates';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useLanguage, useMessages } from '../../../lib/i18n/I18nProvider';
import { checkoutNavigation } from '../../../lib/quoteCheckoutSession';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { purchaseRequestQueryKey, usePurchaseRequest, type PurchaseRequestDetail } from '../api/purchaseRequest';
import {
  PURCHASE_REQUEST_APPROVE,
  PURCHASE_REQUEST_OVERRIDE,
  PURCHASE_REQUEST_REJECT,
  PURCHASE_REQUEST_WITHDRAW,
} from '../api/purchaseRequestDecisions';
import { PURCHASE_REQUEST_RESUBMIT, type PurchaseRequestResubmitResult } from '../api/purchaseRequestResubmit';
import { PURCHASE_REQUESTS_QUERY_KEY } from '../api/purchaseRequests';
import { REREAD_AFTER, errorCode, isReasonError, isRequestUnreachable, useApprovalErrorText } from '../approvalErrors';
import { requestOrigin, requestPath } from '../approvalPaths';
import { PAYMENT_METHOD_LABEL } from '../approvalTexts';
import { DecisionDialog, type Decision } from '../components/DecisionDialog';
import { RequestActions, type RequestAction } from '../components/RequestActions';
import { RequestBanner } from '../components/RequestBanner';
import { RequestLines } from '../components/RequestLines';
import { RequestReasons } from '../components/RequestReasons';
import { RequestStatusChip } from '../components/RequestStatusChip';
import { ResubmitReportDialog } from '../components/ResubmitReportDialog';
import { TierTimeline } from '../components/TierTimeline';
import { approvalsMessages } from '../messages';

const TitleRow = styled('div')(({ theme }) => ({ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: theme.spacing(1.5) }));

const Columns = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(3),
  alignItems: 'start',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)' },
}));

const NONE = '—';

function BackLink() {
  const t = useMessages(approvalsMessages);
  const origin = requestOrigin(useLocation().state);
  return <DetailBackLink to={origin?.href ?? ROUTE_PATHS.approvals}>{t('approvals.detail.back')}</DetailBackLink>;
}

function RequestFacts({ request }: { request: PurchaseRequestDetail }) {
  const t = useMessages(approvalsMessages);
  const language = useLanguage();
  const payment = PAYMENT_METHOD_LABEL[request.paymentMethod];
  return (
    <FactList>
      <Fact label={t('approvals.detail.requestedBy')} testId="request-requested-by">
        {request.requestedByName || request.requestedByEmail || t('approvals.formerUser')}
        {request.requestedByEmail && request.requestedByName && request.requestedByName !== request.requestedByEmail && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {request.requestedByEmail}
          </Typography>
        )}
      </Fact>
      <Fact label={t('approvals.detail.requestedOn')}>
        <time dateTime={request.createdAt}>{formatDateTime(request.createdAt, language)}</time>
      </Fact>
      <Fact label={t('approvals.detail.company')} testId="request-company">
        {request.companyName}
      </Fact>
      <Fact label={t('approvals.detail.costCentre')} testId="request-cost-centre">
        {request.costCentre || NONE}
      </Fact>
      <Fact label={t('approvals.detail.poNumber')} testId="request-po-number">
        {request.poNumber || NONE}
      </Fact>
      <Fact label={t('approvals.detail.payment')} testId="request-payment">
        {payment ? t(payment) : request.paymentMethod || NONE}
      </Fact>
      <Fact label={t('approvals.detail.pricesHeldUntil')} testId="request-prices-held-until">
        <time dateTime={request.pricesHeldUntil}>{formatDateTime(request.pricesHeldUntil, language)}</time>
      </Fact>
      {request.resubmittedFromId !== null && request.resubmittedFromId !== undefined && (
        <Fact label={t('approvals.detail.resubmittedFrom')}>
          <Link component={RouterLink} to={requestPath(request.resubmittedFromId)}>
            {t('approvals.requestNumber', { id: request.resubmittedFromId })}
          </Link>
        </Fact>
      )}
    </FactList>
  );
}

/**
 * `/approvals/:id` (issue 41): a purchase request — where it stands, the order as submitted with its totals, cost
 * centre, PO number and payment, why it needs approval, its tiers with who decided what and when, and how long its
 * prices are held — with the actions its flags allow. A refusal (another approver was quicker, the prices expired…)
 * is said in the portal's language and the request is read again.
 */
export function PurchaseRequestPage() {
  const { id = '' } = useParams();
  // The id of the path, when it can be one (`#/approvals/abc` is "not found" without asking).
  const requestId = /^\d{1,9}$/.test(id) && Number(id) > 0 ? Number(id) : null;
  const t = useMessages(approvalsMessages);
  const errorText = useApprovalErrorText();
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const query = usePurchaseRequest(requestId);
  const malformed = requestId === null;
  const request = query.data;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [busy, setBusy] = useState<RequestAction | null>(null);
  const [report, setReport] = useState<PurchaseRequestResubmitResult | null>(null);

  if (query.isPending && !malformed) return <DetailPageLoading label={t('approvals.detail.loading')} />;

  if (!request || requestId === null) {
    return (
      <DetailPageUnavailable
        back={<BackLink />}
        notFound={malformed || isRequestUnreachable(query.error)}
        heading={t('approvals.detail.heading')}
        notFoundTitle={t('approvals.detail.notFound.title')}
        notFoundBody={t('approvals.detail.notFound.body')}
        notFoundHint={t('approvals.detail.notFound.hint')}
        loadError={t('approvals.detail.loadError')}
        retryLabel={t('approvals.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }

  /** The request as a decision left it: on screen at once; the lists, the menu's badge and the budgets follow. */
  const decided = (next: PurchaseRequestDetail) => {
    queryClient.setQueryData(purchaseRequestQueryKey(requestId), next);
    void queryClient.invalidateQueries({ queryKey: PURCHASE_REQUESTS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BUDGET_STATUS_QUERY_KEY });
  };

  /** A refusal: its text; a request out of date (decided meanwhile, prices expired) is read again. */
  const refused = (error: unknown) => {
    toast.error(errorText(error));
    if (REREAD_AFTER.has(errorCode(error))) {
      void query.refetch();
      void queryClient.invalidateQueries({ queryKey: PURCHASE_REQUEST_INBOX_COUNT_QUERY_KEY });
    }
  };

  const onDecide = async (chosen: Decision, reason: string): Promise<unknown> => {
    setBusy(chosen);
    try {
      const next =
        chosen === 'approve'
          ? (await client.request(PURCHASE_REQUEST_APPROVE, { id: requestId, reason }, { suppressErrorToast: true })).purchaseRequestApprove
          : chosen === 'reject'
            ? (await client.request(PURCHASE_REQUEST_REJECT, { id: requestId, reason }, { suppressErrorToast: true })).purchaseRequestReject
            : (await client.request(PURCHASE_REQUEST_OVERRIDE, { id: requestId, reason }, { suppressErrorToast: true })).purchaseRequestOverride;
      decided(next);
      if (chosen === 'reject') toast.success(t('approvals.toast.rejected', { id: requestId }));
      else if (next.status === 'placed' && next.orderNumber !== null && next.orderNumber !== undefined) {
        toast.success(t('approvals.toast.placed', { id: requestId, number: next.orderNumber }));
      } else toast.success(t(chosen === 'override' ? 'approvals.toast.overridden' : 'approvals.toast.approved', { id: requestId }));
      return null;
    } catch (error) {
      // A field error of the reason is the dialog's to show; anything else is said here, and the dialog closes.
      if (isReasonError(error)) return error;
      refused(error);
      return null;
    } finally {
      setBusy(null);
    }
  };

  const onWithdraw = async () => {
    setWithdrawing(false);
    setBusy('withdraw');
    try {
      decided((await client.request(PURCHASE_REQUEST_WITHDRAW, { id: requestId }, { suppressErrorToast: true })).purchaseRequestWithdraw);
      toast.success(t('approvals.toast.withdrawn', { id: requestId }));
    } catch (error) {
      refused(error);
    } finally {
      setBusy(null);
    }
  };

  const onResubmit = async () => {
    setBusy('resubmit');
    try {
      const result = (await client.request(PURCHASE_REQUEST_RESUBMIT, { id: requestId }, { suppressErrorToast: true })).purchaseRequestResubmit;
      if (result.notAdded.length === 0 && result.addedCount > 0) {
        // Every line is in the cart: on to the checkout, the button keeping its progress while the browser leaves.
        checkoutNavigation.assign(result.checkoutUrl);
        return;
      }
      setReport(result);
    } catch (error) {
      refused(error);
    }
    setBusy(null);
  };

  const onAction = (action: RequestAction) => {
    if (action === 'approve' || action === 'reject' || action === 'override') setDecision(action);
    else if (action === 'withdraw') setWithdrawing(true);
    else void onResubmit();
  };

  return (
    <DetailPage>
      <BackLink />
      <DetailHeaderPanel variant="outlined">
        <TitleRow>
          <Typography variant="h1">{t('approvals.detail.title', { id: request.id })}</Typography>
          <RequestStatusChip status={request.status} />
        </TitleRow>
        <RequestBanner request={request} />
        <RequestActions request={request} busy={busy} onAction={onAction} />
        <RequestFacts request={request} />
      </DetailHeaderPanel>
      <PageSection title={t('approvals.section.lines')} testId="request-lines">
        <RequestLines request={request} />
      </PageSection>
      <Columns>
        <PageSection title={t('approvals.section.reasons')} testId="request-reasons">
          <RequestReasons reasons={request.reasons} />
        </PageSection>
        <PageSection title={t('approvals.section.tiers')} testId="request-tiers">
          <TierTimeline tiers={request.tiers} />
        </PageSection>
      </Columns>
      <DecisionDialog decision={decision} requestId={request.id} onClose={() => setDecision(null)} onDecide={onDecide} />
      <ConfirmDialog
        open={withdrawing}
        title={t('approvals.withdraw.title', { id: request.id })}
        body={t('approvals.withdraw.body')}
        confirmLabel={t('approvals.withdraw.confirm')}
        cancelLabel={t('approvals.dialog.cancel')}
        destructive
        onConfirm={() => void onWithdraw()}
        onCancel={() => setWithdrawing(false)}
      />
      <ResubmitReportDialog
        result={report}
        lines={request.lines}
        onCheckout={(url) => checkoutNavigation.assign(url)}
        onClose={() => setReport(null)}
      />
    </DetailPage>
  );
}
