import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';

import { routeOpens } from '../../../app/access';
import { useAccessState } from '../../../app/useAccess';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { TransferReportDialog, type TransferReport } from '../../../components/transferReport/TransferReportDialog';
import { toast } from '../../../components/toast/toastStore';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { ORDER, orderQueryKey, type OrderDetail } from '../api/order';
import { ORDER_PDF } from '../api/orderPdf';
import { ORDER_ADD_TO_QUOTE, ORDER_REORDER, type OrderLineTransferItem } from '../api/orderTransfer';
import type { OpenDocument } from '../components/documentLinks';
import { OrderActions, type OrderAction } from '../components/OrderActions';
import { OrderAddresses } from '../components/OrderAddresses';
import { OrderDetailHeader } from '../components/OrderDetailHeader';
import { OrderLines } from '../components/OrderLines';
import { OrderShipments, OrderUnshipped } from '../components/OrderShipments';
import { OrderSummary } from '../components/OrderSummary';
import { ordersMessages } from '../messages';
import { isOrderUnreachable, useOrderErrorText } from '../orderErrors';
import { orderDetailOrigin } from '../orderPaths';
import { PageSection } from '../../../components/PageSection';
import { startDownload } from '../../../lib/download';

/**
 * The API's document and PDF links are signed for a few minutes (docs/api.md "Files"); an order loaded longer ago
 * than this is loaded again before one of its links is followed, so that a link never fails.
 */
export const LINK_MAX_AGE_MS = 4 * 60 * 1000;

const Page = styled('div')(({ theme }) => ({
  maxWidth: 1080,
  margin: '0 auto',
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(3),
}));

const HeaderPanel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
}));

const Columns = styled('div')(({ theme }) => ({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: theme.spacing(3),
  alignItems: 'start',
  [theme.breakpoints.up('md')]: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
}));

const Centered = styled('div')(({ theme }) => ({ display: 'flex', justifyContent: 'center', padding: theme.spacing(6) }));

/** Whether the user may open My orders: a junior buyer reads the orders they placed but has no list (shell §2). */
function useOrdersListOpens(): boolean {
  const access = useAccessState();
  return access.status === 'ready' && routeOpens(ROUTE_PATHS.orders, access.context);
}

/** The link back to the list the order was opened from (My orders when it was opened some other way, if they may). */
function BackLink() {
  const t = useMessages(ordersMessages);
  const origin = orderDetailOrigin(useLocation().state);
  const ordersOpen = useOrdersListOpens();
  if (!origin && !ordersOpen) return null;
  return (
    <div>
      <Link component={RouterLink} to={origin?.href ?? ROUTE_PATHS.orders} variant="body2">
        <span aria-hidden>← </span>
        {origin?.scope === 'COMPANY' ? t('orders.detail.backToCompany') : t('orders.detail.backToMine')}
      </Link>
    </div>
  );
}

/**
 * `/orderDetail/:id` (issue 17; the id is the order number): the order as bought — header, addresses, lines,
 * summary, payment — its shipments with tracking links, lots and certificates, what has not shipped yet, and the
 * actions Reorder, Add to quote and Print.
 */
export function OrderDetailPage() {
  const { id = '' } = useParams();
  const t = useMessages(ordersMessages);
  const orderErrorText = useOrderErrorText();
  const client = useGraphQLClient();
  const query = useQuery({
    queryKey: orderQueryKey(id),
    queryFn: ({ signal }) => client.request(ORDER, { id }, { signal, suppressErrorToast: true }).then((data) => data.order),
  });
  const order = query.data;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState<OrderAction | null>(null);
  const [report, setReport] = useState<TransferReport | null>(null);
  const ordersOpen = useOrdersListOpens();

  if (query.isPending) {
    return (
      <Page>
        <Centered>
          <CircularProgress aria-label={t('orders.detail.loading')} />
        </Centered>
      </Page>
    );
  }

  if (!order) {
    const unreachable = isOrderUnreachable(query.error);
    return (
      <Page>
        <Typography variant="h1">{unreachable ? t('orders.detail.notFound.title') : t('orders.detail.heading')}</Typography>
        {unreachable ? (
          <Alert severity="warning">
            <AlertTitle>{t('orders.detail.notFound.body')}</AlertTitle>
            {t('orders.detail.notFound.hint')}
          </Alert>
        ) : (
          <LoadErrorAlert message={t('orders.detail.loadError')} retryLabel={t('orders.retry')} onRetry={() => void query.refetch()} />
        )}
        {ordersOpen && (
          <div>
            <Button component={RouterLink} to={ROUTE_PATHS.orders} variant="outlined">
              {t('orders.detail.backToMine')}
            </Button>
          </div>
        )}
      </Page>
    );
  }

  /** The order with links young enough to follow: loaded again when it was loaded too long ago. */
  const withFreshLinks = async (): Promise<OrderDetail> => {
    if (Date.now() - query.dataUpdatedAt < LINK_MAX_AGE_MS) return order;
    const result = await query.refetch();
    if (result.isError || !result.data) throw result.error ?? new Error('order reload failed');
    return result.data;
  };

  const onOpenDocument: OpenDocument = (event: MouseEvent<HTMLAnchorElement>, pick) => {
    if (Date.now() - query.dataUpdatedAt < LINK_MAX_AGE_MS) return; // the link is still valid: follow it
    event.preventDefault();
    withFreshLinks()
      .then((fresh) => {
        const url = pick(fresh);
        if (url) startDownload(url);
        else toast.error(t('orders.documents.gone'));
      })
      .catch(() => toast.error(t('orders.documents.linkError')));
  };

  const toggle = (lineId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(lineId)) next.add(lineId);
      return next;
    });
  const toggleAll = () => setSelected((current) => (current.size === order.lines.length ? new Set() : new Set(order.lines.map((line) => line.id))));

  const onPrint = async () => {
    // The tab opens at once, inside the click, so that pop-up blockers let it through; the PDF follows.
    const tab = window.open('', '_blank');
    if (!tab) {
      toast.error(t('orders.actions.popupBlocked'));
      return;
    }
    tab.opener = null;
    setBusy('print');
    try {
      const { orderPdf } = await client.request(ORDER_PDF, { id: order.id }, { suppressErrorToast: true });
      tab.location.href = orderPdf.url;
    } catch (error) {
      tab.close();
      toast.error(orderErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  const onTransfer = async (target: 'cart' | 'quote') => {
    // None ticked: every line (the server takes null for all).
    const lineIds = selected.size > 0 ? order.lines.filter((line) => selected.has(line.id)).map((line) => line.id) : null;
    setBusy(target);
    try {
      const result =
        target === 'cart'
          ? (await client.request(ORDER_REORDER, { id: order.id, lineIds }, { suppressErrorToast: true })).orderReorder
          : (await client.request(ORDER_ADD_TO_QUOTE, { id: order.id, lineIds }, { suppressErrorToast: true })).orderAddToQuote;
      const item = (line: OrderLineTransferItem) => ({ ...line, key: line.orderLineId });
      setReport({ target, added: result.added.map(item), notAdded: result.notAdded.map(item), cartNote: t('orders.transfer.cart.pricesNote') });
    } catch (error) {
      toast.error(orderErrorText(error));
    } finally {
      setBusy(null);
    }
  };

  const onAction = (action: OrderAction) => {
    if (action === 'print') void onPrint();
    else void onTransfer(action);
  };

  const transfers = order.canReorder || order.canAddToQuote;
  const unshipped = order.status !== 'cancelled' && order.lines.some((line) => line.unshippedQuantity > 0);

  return (
    <Page>
      <BackLink />
      <HeaderPanel variant="outlined">
        <OrderDetailHeader order={order} actions={<OrderActions order={order} selectedCount={selected.size} busy={busy} onAction={onAction} />} />
      </HeaderPanel>
      <PageSection title={t('orders.section.lines')} testId="order-lines">
        <OrderLines
          order={order}
          selection={{ enabled: transfers, selected, onToggle: toggle, onToggleAll: toggleAll }}
          onOpenDocument={onOpenDocument}
        />
      </PageSection>
      <Columns>
        <PageSection title={t('orders.section.addresses')}>
          <OrderAddresses order={order} />
        </PageSection>
        <PageSection title={t('orders.section.summary')}>
          <OrderSummary order={order} />
        </PageSection>
      </Columns>
      <PageSection title={t('orders.section.shipments')} testId="order-shipments">
        <OrderShipments order={order} onOpenDocument={onOpenDocument} />
      </PageSection>
      {unshipped && (
        <PageSection title={t('orders.section.unshipped')} testId="order-unshipped-section">
          <OrderUnshipped order={order} />
        </PageSection>
      )}
      <TransferReportDialog report={report} onClose={() => setReport(null)} />
    </Page>
  );
}
