import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';

import { NETWORK_ERROR_CODE } from '../../lib/graphql';
import { useMessages, type Translate } from '../../lib/i18n/I18nProvider';
import type { MessageKey } from '../../lib/i18n/keys';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { useB2BToken } from '../../lib/session';
import { useMobileLayout } from '../../lib/useMobileLayout';
import { BulkUploadError, bulkUploadSampleUrl, completeBulkUploadResult, fetchBulkUploadState, sendBulkUploadFile, type BulkUploadState } from './api/bulkUploadFile';
import { BulkUploadResults } from './BulkUploadResults';
import { CSV_ACCEPT, POLL_INTERVAL_MS, PROGRESS_HOLD, PROGRESS_TICK_MS, checkBulkFiles, type BulkFileProblem } from './bulkUploadRules';
import { bulkUploadMessages } from './messages';
import type { BulkUploadConfirmation, BulkUploadResult } from './types';

export type { BulkUploadConfirmation, BulkUploadErrorRow, BulkUploadOptionSelection, BulkUploadResult, BulkUploadValidProduct } from './types';

export interface BulkUploadDialogProps {
  open: boolean;
  onClose(): void;
  /** The dialog's title; 'Bulk upload' by default. */
  title?: string;
  /** The confirm button of the end step; 'add to list' by default. */
  confirmLabel?: string;
  /** The rows go into the cart: lines beyond the stock are error rows (needs purchase_enable). */
  isToCart?: boolean;
  /** Products with options to choose are valid rows with needsOptions (else error rows). */
  withModifiers?: boolean;
  /** The currency the caller works in (checked by the server; the store's default when left out). */
  currencyCode?: string | null;
  /**
   * Receives the valid lines (and the stock error file's link when some lines are beyond the stock); the dialog
   * returns to step one when it resolves true, and stays on the results otherwise.
   */
  onConfirm(result: BulkUploadConfirmation): Promise<boolean> | boolean;
}

type Step =
  | { kind: 'init' }
  | { kind: 'loading'; fileName: string }
  | { kind: 'end'; fileName: string; uploadId: string | null; result: BulkUploadResult; fetchedAt: number };

interface Notice {
  severity: 'error' | 'info';
  text: string;
}

type Texts = Translate<MessageKey<typeof bulkUploadMessages>>;

const DropArea = styled('div', { shouldForwardProp: (prop) => prop !== 'active' })<{ active: boolean }>(({ theme, active }) => ({
  // business §9: the drop area is 200 px high.
  minHeight: 200,
  border: `2px dashed ${active ? theme.palette.primary.main : theme.palette.divider}`,
  borderRadius: theme.shape.borderRadius,
  backgroundColor: active ? theme.palette.action.hover : 'transparent',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  textAlign: 'center',
  gap: theme.spacing(1),
  padding: theme.spacing(2),
}));

const LoadingArea = styled('div')(({ theme }) => ({
  minHeight: 200,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: theme.spacing(2),
  outline: 'none',
}));

const HiddenInput = styled('input')({ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' });

const PROBLEM_KEYS: Record<BulkFileProblem, 'bulkUpload.error.wrongType' | 'bulkUpload.error.tooBig'> = {
  wrongType: 'bulkUpload.error.wrongType',
  tooBig: 'bulkUpload.error.tooBig',
  // business §5: more than one file gives the same text as a file above 50 MB.
  tooMany: 'bulkUpload.error.tooBig',
};

/** A refusal in the buyer's language: business §5's texts by code, the server's message for the others. */
export function uploadErrorText(t: Texts, error: unknown): string {
  const code = error instanceof BulkUploadError ? error.code : '';
  switch (code) {
    case 'BULK_WRONG_FILE_TYPE':
      return t('bulkUpload.error.wrongType');
    case 'BULK_FILE_TOO_LARGE':
    case 'BULK_TOO_MANY_FILES':
      return t('bulkUpload.error.tooBig');
    case 'BULK_TEMPLATE_MISMATCH':
      return t('bulkUpload.error.template');
    case 'BULK_UPLOAD_INTERRUPTED':
      return t('bulkUpload.error.interrupted');
    case 'BULK_WRONG_ENCODING':
      return t('bulkUpload.error.encoding');
    case 'TOO_MANY_REQUESTS':
      return t('bulkUpload.error.tooManyRequests');
    case 'NOT_FOUND':
      return t('bulkUpload.error.notFound');
    case '40101':
      return t('bulkUpload.error.signedOut');
    case NETWORK_ERROR_CODE:
      return t('bulkUpload.error.network');
    default:
      return (error instanceof Error && error.message) || t('bulkUpload.error.failed');
  }
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * business §2 / §4 bulk upload dialog: one CSV file of SKU and quantity rows, sent as it is and validated by the server
 * (a job for a large file, which the dialog follows); the result in Errors / Valid tabs; confirm hands the valid lines
 * to the caller. It starts afresh, with no message, whenever it opens or closes.
 */
export function BulkUploadDialog({ open, onClose, title, confirmLabel, isToCart = false, withModifiers = false, currencyCode = null, onConfirm }: BulkUploadDialogProps) {
  const t = useMessages(bulkUploadMessages);
  const mobile = useMobileLayout();
  const { apiOrigin, channelId } = usePortalConfig();
  const signedIn = useB2BToken() !== null;
  const titleId = useId();
  const noteId = useId();
  const capId = useId();
  const inputId = useId();

  const [step, setStep] = useState<Step>({ kind: 'init' });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [progress, setProgress] = useState(0);
  const [dragging, setDragging] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const loadingArea = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<'upload' | 'loading' | 'results' | null>(null);

  const reset = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setStep({ kind: 'init' });
    setNotice(null);
    setProgress(0);
    setDragging(false);
    setConfirming(false);
  }, []);

  // business §2: step one with no message whenever the dialog is opened or closed; an upload under way is dropped.
  useEffect(() => {
    reset();
  }, [open, reset]);
  useEffect(() => () => controller.current?.abort(), []);

  // business §9 progress: one percent every 100 ms, held at 95 until the result arrives.
  const loading = step.kind === 'loading';
  useEffect(() => {
    if (!loading) return;
    const timer = setInterval(() => setProgress((current) => (current < PROGRESS_HOLD ? current + 1 : current)), PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [loading]);

  const upload = async (file: File) => {
    controller.current?.abort();
    const attempt = new AbortController();
    controller.current = attempt;
    const { signal } = attempt;
    setNotice(null);
    setProgress(0);
    setStep({ kind: 'loading', fileName: file.name });
    setFocusTarget('loading');
    // A job's own progress moves the circle on when it is ahead of the tick (held at 95 all the same).
    const follow = (state: BulkUploadState) => setProgress((current) => Math.max(current, Math.min(PROGRESS_HOLD, state.progress)));
    try {
      let state = await sendBulkUploadFile({ apiOrigin, file, channelId: signedIn ? channelId : null, currencyCode, isToCart, withModifiers, signal });
      while ((state.status === 'pending' || state.status === 'running') && state.uploadId) {
        follow(state);
        await pause(POLL_INTERVAL_MS, signal);
        state = await fetchBulkUploadState({ apiOrigin, uploadId: state.uploadId, signal });
      }
      if (signal.aborted) return;
      if (state.status === 'done' && state.result) {
        // An answer holds a page of each list: the rest is loaded before the results show (confirm hands them all).
        const complete = await completeBulkUploadResult({ apiOrigin, uploadId: state.uploadId, result: state.result, signal });
        if (signal.aborted) return;
        setProgress(100);
        setStep({ kind: 'end', fileName: state.fileName || file.name, uploadId: state.uploadId, result: complete, fetchedAt: Date.now() });
        setFocusTarget('results');
        return;
      }
      if (state.status === 'empty') {
        // business §4: a file with no data rows does nothing; the buyer is told why nothing happened.
        setStep({ kind: 'init' });
        setNotice({ severity: 'info', text: t('bulkUpload.noRows') });
        setFocusTarget('upload');
        return;
      }
      throw new BulkUploadError(state.error?.message ?? '', state.error?.code ?? '', 200);
    } catch (error) {
      if (signal.aborted) return;
      // business §4: a server error returns to step one and is reported.
      setStep({ kind: 'init' });
      setNotice({ severity: 'error', text: uploadErrorText(t, error) });
      setFocusTarget('upload');
    } finally {
      if (controller.current === attempt) controller.current = null;
    }
  };

  const takeFiles = (files: File[]) => {
    if (step.kind !== 'init') return;
    const check = checkBulkFiles(files);
    if (check.kind === 'none') return;
    if (check.kind === 'refused') {
      setNotice({ severity: 'error', text: t(PROBLEM_KEYS[check.problem]) });
      return;
    }
    void upload(check.file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    takeFiles(Array.from(event.dataTransfer?.files ?? []));
  };

  // Focus follows the step, so that keyboard and screen reader users land on what changed.
  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget === 'upload' && step.kind === 'init') uploadButton.current?.focus();
    if (focusTarget === 'loading' && step.kind === 'loading') loadingArea.current?.focus();
    if (focusTarget === 'results' && step.kind === 'end') document.getElementById(`${titleId}-file`)?.focus();
    setFocusTarget(null);
  }, [focusTarget, step.kind, titleId]);

  const removeFile = () => {
    reset();
    setFocusTarget('upload');
  };

  const confirm = async () => {
    if (step.kind !== 'end' || confirming) return;
    const { result, uploadId } = step;
    // business §4: confirm does nothing without valid products.
    if (result.validProduct.length === 0) return;
    setConfirming(true);
    let done = false;
    try {
      done = await onConfirm({
        validProducts: result.validProduct,
        stockErrorFileUrl: result.stockErrorSkus.length > 0 ? result.stockErrorFileDownloadUrl : null,
        uploadId,
      });
    } catch {
      // The caller says what went wrong; the results stay for another try.
    }
    setConfirming(false);
    if (done) {
      reset();
      setFocusTarget('upload');
    }
  };

  const refreshLinks = async (): Promise<BulkUploadResult | null> => {
    if (step.kind !== 'end' || !step.uploadId) return null;
    try {
      const state = await fetchBulkUploadState({ apiOrigin, uploadId: step.uploadId });
      if (state.status !== 'done' || !state.result) return null;
      // Only the links are new: the lists already hold every page.
      const { errorFile, errorFileDownloadUrl, stockErrorFile, stockErrorFileDownloadUrl } = state.result;
      const fresh = { ...step.result, errorFile, errorFileDownloadUrl, stockErrorFile, stockErrorFileDownloadUrl };
      setStep((current) => (current.kind === 'end' && current.uploadId === step.uploadId ? { ...current, result: fresh, fetchedAt: Date.now() } : current));
      return fresh;
    } catch (error) {
      setNotice({ severity: 'error', text: uploadErrorText(t, error) });
      return null;
    }
  };

  const hasValid = step.kind === 'end' && step.result.validProduct.length > 0;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={mobile} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{title ?? t('bulkUpload.title')}</DialogTitle>
      <DialogContent
        dividers
        sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}
        // A file dropped beside the drop area must not make the browser leave the page to show it.
        onDragOver={(event) => event.preventDefault()}
        onDrop={(event) => event.preventDefault()}
      >
        {notice && (
          <Alert variant="filled" severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'} closeText={t('bulkUpload.dismiss')} onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        {step.kind === 'init' && (
          <DropArea
            active={dragging}
            data-testid="bulk-upload-drop-area"
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <Typography variant="subtitle1" component="p">
              {t('bulkUpload.dropHere')}
            </Typography>
            <Typography variant="body2" color="text.secondary" id={noteId}>
              {t('bulkUpload.fileNote')}
            </Typography>
            {/* issue 38: the cap is said before the upload, not only as the error rows past it. */}
            <Typography variant="body2" color="text.secondary" id={capId}>
              {t('bulkUpload.productCap')}
            </Typography>
            <Link href={bulkUploadSampleUrl(apiOrigin)} download="bulk-upload-sample.csv" variant="body2">
              {t('bulkUpload.downloadSample')}
            </Link>
            <Button ref={uploadButton} variant="contained" aria-describedby={`${noteId} ${capId}`} onClick={() => inputRef.current?.click()} sx={{ mt: 1 }}>
              {t('bulkUpload.uploadFile')}
            </Button>
            <HiddenInput
              id={inputId}
              ref={inputRef}
              type="file"
              accept={CSV_ACCEPT}
              aria-label={t('bulkUpload.fileInput')}
              tabIndex={-1}
              onChange={(event) => {
                takeFiles(Array.from(event.target.files ?? []));
                event.target.value = '';
              }}
            />
          </DropArea>
        )}
        {step.kind === 'loading' && (
          <LoadingArea ref={loadingArea} tabIndex={-1} aria-labelledby={`${titleId}-loading`}>
            <Box sx={{ position: 'relative', display: 'inline-flex' }}>
              <CircularProgress variant="determinate" value={progress} size={72} aria-labelledby={`${titleId}-loading`} />
              <Box sx={{ inset: 0, position: 'absolute', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
                <Typography variant="body2" component="span" aria-hidden data-testid="bulk-upload-percent">
                  {t('bulkUpload.percent', { percent: progress })}
                </Typography>
              </Box>
            </Box>
            <Typography id={`${titleId}-loading`}>{t('bulkUpload.uploading')}</Typography>
          </LoadingArea>
        )}
        {step.kind === 'end' && (
          <BulkUploadResults
            key={`${step.uploadId ?? ''}-${step.fileName}`}
            fileId={`${titleId}-file`}
            fileName={step.fileName}
            result={step.result}
            fetchedAt={step.fetchedAt}
            onRemove={removeFile}
            refreshLinks={refreshLinks}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('bulkUpload.cancel')}</Button>
        {step.kind === 'end' && (
          <Button variant="contained" disabled={!hasValid || confirming} onClick={() => void confirm()} startIcon={confirming ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}>
            {confirmLabel ?? t('bulkUpload.confirm')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
