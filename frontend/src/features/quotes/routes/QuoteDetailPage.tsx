import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';

import { BudgetPanel } from '../../../components/budgetPanel/BudgetPanel';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import type { DroppedFile } from '../../../components/dropzone/FileDropZone';
import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { GraphQLRequestError } from '../../../lib/graphql';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { readQuoteAccessKey, writeQuoteAccessKey } from '../../../lib/quoteAccessKeys';
import { checkoutNavigation, writeQuoteCheckoutSession } from '../../../lib/quoteCheckoutSession';
import { ROUTE_PATHS } from '../../../lib/routePaths';
import { USER_QUERY_SCOPE, useB2BToken } from '../../../lib/session';
import { QUOTE, type QuoteDetail, type QuoteFile } from '../api/quote';
import { QUOTE_CHECKOUT } from '../api/quoteCheckout';
import { uploadQuoteFile } from '../api/quoteDetailUpload';
import { QUOTE_MESSAGE_CREATE } from '../api/quoteMessageCreate';
import { QUOTE_PDF } from '../api/quotePdf';
import { QuoteDetailActions, QuoteDetailNotices, type PdfAction } from '../components/QuoteDetailActions';
import { QuoteDetailAttachments } from '../components/QuoteDetailAttachments';
import { QuoteDetailContacts } from '../components/QuoteDetailContacts';
import { QuoteDetailHeader } from '../components/QuoteDetailHeader';
import { QuoteDetailLines } from '../components/QuoteDetailLines';
import { QuoteDetailMessages } from '../components/QuoteDetailMessages';
import { QuoteDetailRevisions } from '../components/QuoteDetailRevisions';
import { QuoteDetailSummary } from '../components/QuoteDetailSummary';
import { QuotePage } from '../components/QuotePage';
import { quoteDetailMessages } from '../detailMessages';
import { isQuoteUnreachable, quoteDetailErrorKey, stockProblemsByLine, useQuoteFieldErrors } from '../quoteErrors';
import { PageSection } from '../../../components/PageSection';
import { downloadVariant, startDownload } from '../../../lib/download';

/**
 * The API's file and PDF links are signed for 5 minutes (docs/api.md "Files"); a quote loaded longer ago than this
 * is reloaded before one of its links is followed, so that a link never fails.
 */
export const LINK_MAX_AGE_MS = 4 * 60 * 1000;

/** After these codes the quote on screen is out of date (it expired, was ordered, lost its prices): reload it. */
const RELOAD_AFTER = new Set(['QUOTE_EXPIRED', 'QUOTE_NOT_OPEN', 'QUOTE_NOT_PRICED', 'PERMISSION_DENIED']);

const HeaderPanel = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
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

function quoteQueryKey(id: string, signedIn: boolean, accessKey: string | null) {
  // A signed-in user's quotes are user data (dropped when the user changes); a guest's are keyed by the key.
  return signedIn ? ([USER_QUERY_SCOPE, 'quote', id] as const) : (['quote', 'guest', id, accessKey] as const);
}

/**
 * The access key of a guest's e-mail link (`?accessKey=…`): kept by quote id and taken out of the visible URL.
 * Signed-in users reach their quotes by their token and send none.
 */
function useQuoteAccessKey(id: string, signedIn: boolean): string | null {
  const [search, setSearch] = useSearchParams();
  const fromUrl = search.get('accessKey');

  useEffect(() => {
    if (!fromUrl) return;
    writeQuoteAccessKey(id, fromUrl);
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('accessKey');
        return next;
      },
      { replace: true },
    );
  }, [fromUrl, id, setSearch]);

  const key = useMemo(() => fromUrl ?? readQuoteAccessKey(id), [fromUrl, id]);
  return signedIn ? null : key;
}

/** `/quoteDetail/:id` (issue 6): a submitted quote — prices, history, messages, files, PDF and checkout. */
export function QuoteDetailPage() {
  const { id = '' } = useParams();
  const t = useMessages(quoteDetailMessages);
  const errorText = useErrorText();
  const fieldErrors = useQuoteFieldErrors();
  const client = useGraphQLClient();
  const { apiOrigin } = usePortalConfig();
  const signedIn = useB2BToken() !== null;
  const accessKey = useQuoteAccessKey(id, signedIn);

  const query = useQuery({
    queryKey: quoteQueryKey(id, signedIn, accessKey),
    queryFn: () => client.request(QUOTE, { id, accessKey }, { suppressErrorToast: true }).then((data) => data.quote),
  });
  const quote = query.data;

  const [pdfBusy, setPdfBusy] = useState<PdfAction | null>(null);
  const [checkingOut, setCheckingOut] = useState(false);
  const [stockProblems, setStockProblems] = useState<Record<number, string>>({});
  const linesRef = useRef<HTMLDivElement>(null);

  // The key also opens the quote by its other name (id or number) later on.
  useEffect(() => {
    if (!accessKey || !quote) return;
    for (const ref of [String(quote.id), quote.number]) if (ref !== id) writeQuoteAccessKey(ref, accessKey);
  }, [accessKey, id, quote]);

  const showError = (error: unknown) => {
    const key = quoteDetailErrorKey(error);
    toast.error(key ? t(key) : errorText(error));
  };

  /** The quote with links young enough to follow: reloaded when it was loaded too long ago. */
  const withFreshLinks = async (): Promise<QuoteDetail> => {
    if (query.data && Date.now() - query.dataUpdatedAt < LINK_MAX_AGE_MS) return query.data;
    const result = await query.refetch();
    if (result.isError || !result.data) throw result.error ?? new Error('quote reload failed');
    return result.data;
  };

  const onOpenFile = (file: QuoteFile, event: MouseEvent<HTMLAnchorElement>) => {
    if (Date.now() - query.dataUpdatedAt < LINK_MAX_AGE_MS) return; // the link is still valid: follow it
    event.preventDefault();
    withFreshLinks()
      .then((fresh) => {
        const renewed = fresh.attachments.find((item) => item.id === file.id);
        if (renewed) startDownload(renewed.downloadUrl, renewed.fileName);
        else toast.error(t('quoteDetail.attachments.gone', { name: file.fileName }));
      })
      .catch(() => toast.error(t('quoteDetail.attachments.linkError')));
  };

  if (query.isPending) {
    return (
      <QuotePage>
        <Centered>
          <CircularProgress aria-label={t('quoteDetail.loading')} />
        </Centered>
      </QuotePage>
    );
  }

  if (!quote) {
    const unreachable = isQuoteUnreachable(query.error);
    return (
      <QuotePage>
        <Typography variant="h1">{unreachable ? t('quoteDetail.notFound.title') : t('quoteDetail.heading')}</Typography>
        {unreachable ? (
          <Alert severity="warning">
            <AlertTitle>{t('quoteDetail.notFound.body')}</AlertTitle>
            {signedIn ? t('quoteDetail.notFound.signedInHint') : t('quoteDetail.notFound.guestHint')}
          </Alert>
        ) : (
          <LoadErrorAlert message={t('quoteDetail.loadError')} retryLabel={t('quoteDetail.retry')} onRetry={() => void query.refetch()} />
        )}
        {signedIn && (
          <div>
            <Button component={RouterLink} to={ROUTE_PATHS.quotes} variant="outlined">
              {t('quoteDetail.backToQuotes')}
            </Button>
          </div>
        )}
      </QuotePage>
    );
  }

  const quoteId = String(quote.id);

  const onPdf = async (action: PdfAction) => {
    // Print opens a tab at once, inside the click, so that pop-up blockers let it through; the PDF follows.
    const tab = action === 'print' ? window.open('', '_blank') : null;
    if (action === 'print' && !tab) {
      toast.error(t('quoteDetail.actions.popupBlocked'));
      return;
    }
    if (tab) tab.opener = null;
    setPdfBusy(action);
    try {
      const { quotePdf } = await client.request(QUOTE_PDF, { id: quoteId, accessKey }, { suppressErrorToast: true });
      if (action === 'download') {
        startDownload(downloadVariant(quotePdf.url), quotePdf.fileName);
      } else if (tab) {
        tab.location.href = quotePdf.url;
      }
    } catch (error) {
      tab?.close();
      showError(error);
    } finally {
      setPdfBusy(null);
    }
  };

  const onCheckout = async () => {
    setCheckingOut(true);
    setStockProblems({});
    try {
      const { quoteCheckout } = await client.request(QUOTE_CHECKOUT, { id: quoteId }, { suppressErrorToast: true });
      // business §4: the storefront's checkout reads these three from session storage.
      writeQuoteCheckoutSession({
        isNewStorefront: quoteCheckout.isNewStorefront,
        quoteCheckoutId: quoteCheckout.quoteCheckoutId,
        quoteDate: quoteCheckout.quoteDate,
      });
      // The button keeps its progress state while the browser leaves for the checkout.
      checkoutNavigation.assign(quoteCheckout.checkoutUrl);
    } catch (error) {
      setCheckingOut(false);
      const code = error instanceof GraphQLRequestError ? String(error.code ?? '') : '';
      if (code === 'QUOTE_STOCK_PROBLEM') {
        setStockProblems(stockProblemsByLine(fieldErrors(error)));
        linesRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      }
      showError(error);
      if (RELOAD_AFTER.has(code)) void query.refetch();
    }
  };

  const onSendMessage = async (message: string): Promise<{ sent: boolean; fieldError?: string }> => {
    try {
      await client.request(QUOTE_MESSAGE_CREATE, { id: quoteId, message, accessKey }, { suppressErrorToast: true });
    } catch (error) {
      const fieldError = fieldErrors(error).message;
      if (fieldError) return { sent: false, fieldError };
      showError(error);
      if (error instanceof GraphQLRequestError && RELOAD_AFTER.has(String(error.code))) void query.refetch();
      return { sent: false };
    }
    toast.success(t('quoteDetail.messages.sent'));
    // The thread is reloaded (not patched): the reload also renews the file links.
    void query.refetch();
    return { sent: true };
  };

  const uploadFile = async (file: File): Promise<DroppedFile> => {
    const stored = await uploadQuoteFile({ apiOrigin, quoteId: quote.id, accessKey, file, fallbackMessage: t('quoteDetail.attachments.uploadFailed') });
    return { id: String(stored.id), name: stored.fileName, size: stored.fileSize };
  };

  return (
    <QuotePage>
      {signedIn && (
        <div>
          <Link component={RouterLink} to={ROUTE_PATHS.quotes} variant="body2">
            <span aria-hidden>← </span>
            {t('quoteDetail.backToQuotes')}
          </Link>
        </div>
      )}
      <HeaderPanel variant="outlined">
        <QuoteDetailHeader
          quote={quote}
          actions={
            <QuoteDetailActions
              quote={quote}
              pdfBusy={pdfBusy}
              checkingOut={checkingOut}
              onPdf={(action) => void onPdf(action)}
              onCheckout={() => void onCheckout()}
            />
          }
        />
        <QuoteDetailNotices quote={quote} />
      </HeaderPanel>
      <div ref={linesRef}>
        <PageSection title={t('quoteDetail.section.lines')}>
          <QuoteDetailLines quote={quote} stockProblems={stockProblems} />
        </PageSection>
      </div>
      <Columns>
        <PageSection title={t('quoteDetail.section.details')}>
          <QuoteDetailContacts quote={quote} />
        </PageSection>
        <PageSection title={t('quoteDetail.section.summary')}>
          <QuoteDetailSummary quote={quote} />
        </PageSection>
      </Columns>
      {/* Issue 41: the budgets an open quote would draw on once ordered. */}
      <BudgetPanel amount={quote.status === 'open' ? quote.summary.grandTotal : null} currencyCode={quote.currencyCode} />
      <Columns>
        <PageSection title={t('quoteDetail.section.messages')}>
          <QuoteDetailMessages messages={quote.messages} canMessage={quote.canMessage} ordered={quote.status === 'ordered'} onSend={onSendMessage} />
        </PageSection>
        <PageSection title={t('quoteDetail.section.attachments')}>
          <QuoteDetailAttachments
            attachments={quote.attachments}
            canUpload={quote.canMessage}
            reloadedAt={query.dataUpdatedAt}
            onOpen={onOpenFile}
            upload={uploadFile}
            onUploaded={() => void query.refetch()}
          />
        </PageSection>
      </Columns>
      <PageSection title={t('quoteDetail.section.revisions')}>
        <QuoteDetailRevisions
          revisions={quote.revisions}
          currencyCode={quote.currencyCode}
          originalPrices={new Map(quote.lines.map((line) => [line.id, line.priceOnRequest ? null : line.originalPrice]))}
        />
      </PageSection>
    </QuotePage>
  );
}
