import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { styled } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { BudgetPanel } from '../../../components/budgetPanel/BudgetPanel';
import { addInBatches } from '../../../components/bulkUpload/bulkUploadBatches';
import { BulkUploadDialog, type BulkUploadConfirmation } from '../../../components/bulkUpload/BulkUploadDialog';
import { BulkUploadStockNote, bulkStockNote, type BulkStockNote } from '../../../components/bulkUpload/BulkUploadStockNote';
import { bulkUploadMessages } from '../../../components/bulkUpload/messages';
import { LoadErrorAlert } from '../../../components/LoadErrorAlert';
import { productSearchMessages } from '../../../components/productSearch/messages';
import { ProductOptionsDialog, type LineOptionsChange } from '../../../components/productSearch/ProductOptionsDialog';
import { ProductSearch } from '../../../components/productSearch/ProductSearch';
import { QuickAdd, type QuickAddRow } from '../../../components/productSearch/QuickAdd';
import { toast } from '../../../components/toast/toastStore';
import { useErrorText } from '../../../lib/errorText';
import { useGraphQLClient } from '../../../lib/GraphQLClientProvider';
import { useMessages } from '../../../lib/i18n/I18nProvider';
import { usePortalConfig } from '../../../lib/PortalConfigProvider';
import { ROLE, effectiveRole } from '../../../lib/permissions';
import { useB2BToken } from '../../../lib/session';
import { useCustomerInfo } from '../../../lib/user/customerInfo';
import type { QuoteAddress, QuoteAddressInput, QuoteDraft, QuoteDraftLine } from '../api/draftFields';
import { QUOTE_DRAFT_ADD_LINES, type QuoteDraftLineInput } from '../api/quoteDraftAddLines';
import { QUOTE_DRAFT_REMOVE_FILE } from '../api/quoteDraftRemoveFile';
import { QUOTE_DRAFT_REMOVE_LINE } from '../api/quoteDraftRemoveLine';
import { QUOTE_DRAFT_SUBMIT, type QuoteSubmitResult } from '../api/quoteDraftSubmit';
import { QUOTE_DRAFT_UPDATE, type QuoteDraftInfoInput } from '../api/quoteDraftUpdate';
import { QUOTE_DRAFT_UPDATE_LINE, type QuoteDraftUpdateLineVariables } from '../api/quoteDraftUpdateLine';
import { DraftAttachments } from '../components/DraftAttachments';
import { DraftDetailsForm } from '../components/DraftDetailsForm';
import { DraftLines } from '../components/DraftLines';
import { QuotePage } from '../components/QuotePage';
import { SuperAdminDraftNotice } from '../components/SuperAdminDraftNotice';
import { SubmittedPanel } from '../components/SubmittedPanel';
import { clearDraftCopy } from '../../../lib/quoteDraftCopy';
import { readDraftKey, writeDraftKey } from '../../../lib/quoteDraftKey';
import { quoteMessages } from '../messages';
import { quoteErrorKey, useQuoteFieldErrors } from '../quoteErrors';
import { quoteSearchMessages } from '../searchMessages';
import { quoteDraftQueryKey, useDraftFileUpload, useDraftMutation, useQuoteDraft } from '../useQuoteDraft';

const Section = styled(Paper)(({ theme }) => ({
  padding: theme.spacing(3),
  display: 'flex',
  flexDirection: 'column',
  gap: theme.spacing(2),
}));

const Actions = styled('div')(({ theme }) => ({
  display: 'flex',
  gap: theme.spacing(2),
  justifyContent: 'flex-end',
}));

const SectionHeader = styled('div')(({ theme }) => ({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: theme.spacing(1),
}));

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function addressInput({ addressId, ...rest }: QuoteAddress): QuoteAddressInput {
  return addressId === null ? rest : { ...rest, addressId };
}

function detailsOf(draft: QuoteDraft): QuoteDraftInfoInput {
  return {
    contactInfo: { ...draft.contactInfo },
    shippingAddress: addressInput(draft.shippingAddress),
    billingAddress: addressInput(draft.billingAddress),
    note: draft.note,
  };
}

/** `/quoteDraft` (issue 6): the buyer's quote draft — lines, quick add, details, attachments, submission. A super
 * admin who is not masquerading reaches the page (shell §2) but builds quotes only for a company (issue 13). */
export function QuoteDraftPage() {
  const customer = useCustomerInfo();
  if (customer.data && effectiveRole(customer.data) === ROLE.superAdmin) return <SuperAdminDraftNotice />;
  return <QuoteDraftEditor />;
}

function QuoteDraftEditor() {
  const t = useMessages(quoteMessages);
  const errorText = useErrorText();
  const fieldErrors = useQuoteFieldErrors();
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const { channelId } = usePortalConfig();
  const signedIn = useB2BToken() !== null;
  const draft = useQuoteDraft();

  const [details, setDetails] = useState<QuoteDraftInfoInput | null>(null);
  const [detailErrors, setDetailErrors] = useState<Record<string, string>>({});
  const [quickAddErrors, setQuickAddErrors] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState<QuoteSubmitResult | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [editingOptions, setEditingOptions] = useState<QuoteDraftLine | null>(null);
  const ts = useMessages(quoteSearchMessages);
  const tp = useMessages(productSearchMessages);
  const tb = useMessages(bulkUploadMessages);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [stockNote, setStockNote] = useState<BulkStockNote | null>(null);

  const currentDetails = details ?? (draft.data ? detailsOf(draft.data) : null);

  const showError = (error: unknown) => {
    const key = quoteErrorKey(error);
    toast.error(key ? t(key) : errorText(error));
  };

  const updateLine = useDraftMutation((c, draftKey, input: Omit<QuoteDraftUpdateLineVariables, 'draftKey'>) =>
    c.request(QUOTE_DRAFT_UPDATE_LINE, { draftKey, ...input }, { suppressErrorToast: true }).then((data) => data.quoteDraftUpdateLine),
  );
  const removeLine = useDraftMutation((c, draftKey, lineId: number) =>
    c.request(QUOTE_DRAFT_REMOVE_LINE, { draftKey, lineId }, { suppressErrorToast: true }).then((data) => data.quoteDraftRemoveLine),
  );
  const addLines = useDraftMutation((c, draftKey, rows: QuoteDraftLineInput[]) =>
    c
      .request(QUOTE_DRAFT_ADD_LINES, { draftKey, source: 'QUOTE_DRAFT', channelId, lines: rows }, { suppressErrorToast: true })
      .then((data) => data.quoteDraftAddLines),
  );
  const updateDetails = useDraftMutation((c, draftKey, data: QuoteDraftInfoInput) =>
    c.request(QUOTE_DRAFT_UPDATE, { draftKey, data }, { suppressErrorToast: true }).then((data) => data.quoteDraftUpdate),
  );

  const removeFile = useDraftMutation((c, draftKey, fileId: number) =>
    c.request(QUOTE_DRAFT_REMOVE_FILE, { draftKey, fileId }, { suppressErrorToast: true }).then((data) => data.quoteDraftRemoveFile),
  );
  const fileUpload = useDraftFileUpload();

  // A local copy shown while the server's draft loads is not edited: its lines may be gone on the server.
  const busy = draft.isPlaceholderData || updateLine.isPending || removeLine.isPending || addLines.isPending || updateDetails.isPending || removeFile.isPending || submitting;

  const validateDetails = (value: QuoteDraftInfoInput): Record<string, string> => {
    const errors: Record<string, string> = {};
    const { name, email } = value.contactInfo;
    if (!name.trim()) errors['contactInfo.name'] = t('quoteDraft.error.nameRequired');
    if (!email.trim()) errors['contactInfo.email'] = t('quoteDraft.error.emailRequired');
    else if (!EMAIL_PATTERN.test(email.trim())) errors['contactInfo.email'] = t('quoteDraft.error.emailInvalid');
    return errors;
  };

  const saveDetails = async (value: QuoteDraftInfoInput): Promise<boolean> => {
    try {
      await updateDetails.mutateAsync(value);
      setDetailErrors({});
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      setDetailErrors(fields);
      toast.error(Object.keys(fields).length > 0 ? t('quoteDraft.fixErrors') : errorText(error));
      return false;
    }
  };

  const onSave = async () => {
    if (!currentDetails) return;
    if (await saveDetails(currentDetails)) toast.success(t('quoteDraft.saved'));
  };

  const onSubmit = async () => {
    if (!currentDetails) return;
    const errors = validateDetails(currentDetails);
    setDetailErrors(errors);
    if (Object.keys(errors).length > 0) {
      toast.error(t('quoteDraft.fixErrors'));
      return;
    }
    setSubmitting(true);
    try {
      if (!(await saveDetails(currentDetails))) return;
      const { quoteDraftSubmit } = await client.request(
        QUOTE_DRAFT_SUBMIT,
        { draftKey: signedIn ? null : readDraftKey(), channelId },
        { suppressErrorToast: true },
      );
      // The draft is gone on the server: forget the guest's key and start afresh.
      if (!signedIn) writeDraftKey(null);
      clearDraftCopy();
      setSubmitted(quoteDraftSubmit);
      setDetails(null);
      // Reset, not just refetched: the next draft starts without the submitted one's lines and files on screen.
      void queryClient.resetQueries({ queryKey: quoteDraftQueryKey(signedIn) });
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length > 0) {
        setDetailErrors(fields);
        toast.error(t('quoteDraft.fixErrors'));
      } else {
        showError(error);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const onQuickAdd = async (rows: QuickAddRow[]): Promise<boolean> => {
    try {
      const payload = await addLines.mutateAsync(rows);
      setQuickAddErrors({});
      toast.success(payload.message || t('quoteDraft.toast.added'));
      return true;
    } catch (error) {
      const fields = fieldErrors(error);
      setQuickAddErrors(fields);
      // The rows show the server's field errors, translated; its message is their English (business §8 toasts stay).
      if (Object.keys(fields).length > 0 && !quoteErrorKey(error)) toast.error(t('quoteDraft.fixErrors'));
      else showError(error);
      return false;
    }
  };

  // issue 19: the valid lines of a bulk upload join the draft in one call (calls of 100 beyond, the server's limit);
  // lines beyond the stock come too (a quote may hold them): the note links the stock error file.
  const onBulkConfirm = async (upload: BulkUploadConfirmation): Promise<boolean> => {
    const lines = upload.validProducts.map((product) => ({
      sku: product.sku,
      line: {
        productId: product.productId,
        variantId: product.variantId,
        quantity: product.qty,
        options: product.optionList.map(({ optionId, optionValue }) => ({ optionId, value: optionValue })),
      },
    }));
    const outcome = await addInBatches(lines, (batch) => addLines.mutateAsync(batch.map((entry) => entry.line)));
    const failureText = (error: unknown, batch: readonly { sku: string }[]) => {
      const [field, text] = Object.entries(fieldErrors(error))[0] ?? [];
      const entry = field ? batch[Number(/^lines\.(\d+)\./.exec(field)?.[1] ?? NaN)] : undefined;
      if (text && entry) return `${entry.sku}: ${text}`;
      const key = quoteErrorKey(error);
      return text ?? (key ? t(key) : errorText(error));
    };
    if (outcome.failure && outcome.added === 0) {
      toast.error(failureText(outcome.failure.error, outcome.failure.lines));
      return false;
    }
    if (outcome.failure) {
      const reason = failureText(outcome.failure.error, outcome.failure.lines);
      toast.error(tb('bulkUpload.partial', { added: outcome.added, total: lines.length, reason }));
    } else {
      toast.success(outcome.answers[outcome.answers.length - 1]?.message || t('quoteDraft.toast.added'));
    }
    setStockNote(bulkStockNote(upload));
    setBulkOpen(false);
    return true;
  };

  /**
   * A write whose refusals belong on a form (the search's chosen product, a line's options): null when done (its
   * success text is shown), else the server's field messages; a refusal without fields is shown as a toast.
   */
  const writeForForm = async (write: () => Promise<string>): Promise<Record<string, string> | null> => {
    try {
      toast.success(await write());
      return null;
    } catch (error) {
      const fields = fieldErrors(error);
      if (Object.keys(fields).length === 0) showError(error);
      return fields;
    }
  };

  const onSearchAdd = (line: QuoteDraftLineInput) =>
    writeForForm(async () => (await addLines.mutateAsync([line])).message || t('quoteDraft.toast.added'));

  const onSaveOptions = (line: QuoteDraftLine, change: LineOptionsChange) =>
    writeForForm(async () => {
      await updateLine.mutateAsync({ lineId: line.id, ...change });
      return ts('quoteEdit.saved', { name: line.productName });
    });

  if (submitted) {
    return (
      <QuotePage>
        <Typography variant="h1">{t('quoteDraft.title')}</Typography>
        <SubmittedPanel result={submitted} onNewQuote={() => setSubmitted(null)} />
      </QuotePage>
    );
  }

  return (
    <QuotePage>
      <Typography variant="h1">{t('quoteDraft.title')}</Typography>
      {draft.isPending && (
        <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
          <CircularProgress aria-label={t('quoteDraft.loading')} />
        </div>
      )}
      {draft.isError && (
        <LoadErrorAlert message={t('quoteDraft.loadError')} retryLabel={t('quoteDraft.retry')} onRetry={() => void draft.refetch()} />
      )}
      {draft.data && currentDetails && (
        <>
          {draft.isPlaceholderData && <LinearProgress aria-label={t('quoteDraft.refreshing')} />}
          <Section variant="outlined" aria-labelledby="quote-products-title">
            <Typography variant="h2" id="quote-products-title">
              {t('quoteDraft.section.products')}
            </Typography>
            {draft.data.products.length === 0 ? (
              <div>
                <Typography variant="subtitle1">{t('quoteDraft.empty.title')}</Typography>
                <Typography color="text.secondary">{t('quoteDraft.empty.body')}</Typography>
              </div>
            ) : (
              <DraftLines
                draft={draft.data}
                busy={busy}
                onQuantity={(line, quantity) => updateLine.mutate({ lineId: line.id, quantity }, { onError: showError })}
                onEditOptions={setEditingOptions}
                onRemove={(line) =>
                  removeLine.mutate(line.id, {
                    onSuccess: () => toast.success(t('quoteDraft.removed', { name: line.productName })),
                    onError: showError,
                  })
                }
              />
            )}
          </Section>
          {/* Issue 41: the budgets this quote would draw on once ordered (none while a price is on request). */}
          <BudgetPanel
            amount={draft.data.pricesHidden || draft.data.products.some((line) => line.priceOnRequest) ? null : draft.data.totals.grandTotal}
            currencyCode={draft.data.currencyCode}
          />
          <Section variant="outlined" aria-labelledby="quote-search-title">
            <Typography variant="h2" id="quote-search-title">
              {tp('productSearch.title')}
            </Typography>
            <ProductSearch
              currencyCode={draft.data.currencyCode}
              busy={busy}
              addLabel={ts('quoteSearch.add')}
              errorPrefix="lines.0."
              testId="quote-search"
              onAdd={onSearchAdd}
            />
          </Section>
          <Section variant="outlined" aria-labelledby="quote-quick-add-title">
            <SectionHeader>
              <Typography variant="h2" id="quote-quick-add-title">
                {t('quoteDraft.section.quickAdd')}
              </Typography>
              <Button variant="outlined" size="small" disabled={busy} onClick={() => setBulkOpen(true)}>
                {tb('bulkUpload.title')}
              </Button>
            </SectionHeader>
            <QuickAdd busy={busy} submitLabel={t('quoteDraft.quickAdd.submit')} errorList="lines" errors={quickAddErrors} onAdd={onQuickAdd} />
            <BulkUploadStockNote note={stockNote} onClose={() => setStockNote(null)} />
          </Section>
          <Section variant="outlined" aria-labelledby="quote-contact-title">
            <Typography variant="h2" id="quote-contact-title">
              {t('quoteDraft.section.contact')}
            </Typography>
            <DraftDetailsForm value={currentDetails} errors={detailErrors} disabled={busy} onChange={setDetails} />
          </Section>
          <Section variant="outlined">
            <DraftAttachments
              files={draft.data.fileInfo}
              fetchedAt={draft.dataUpdatedAt}
              disabled={submitting}
              upload={fileUpload.upload}
              onRemove={(file) =>
                removeFile.mutate(file.id, {
                  onSuccess: () => toast.success(t('quoteDraft.attachments.removed', { name: file.fileName })),
                  onError: showError,
                })
              }
              refresh={async () => {
                const result = await draft.refetch();
                return result.isError || !result.data ? null : result.data.fileInfo;
              }}
            />
          </Section>
          <Actions>
            <Button variant="outlined" disabled={busy} onClick={() => void onSave()}>
              {t('quoteDraft.save')}
            </Button>
            {/* A file still on its way would land on the next draft: submit once every upload is done. */}
            <Button variant="contained" disabled={busy || fileUpload.uploading > 0 || draft.data.products.length === 0} onClick={() => void onSubmit()}>
              {t('quoteDraft.submit')}
            </Button>
          </Actions>
        </>
      )}
      <ProductOptionsDialog line={editingOptions} onClose={() => setEditingOptions(null)} onSave={onSaveOptions} />
      <BulkUploadDialog
        open={bulkOpen}
        onClose={() => setBulkOpen(false)}
        confirmLabel={tb('bulkUpload.addToQuote')}
        currencyCode={draft.data?.currencyCode ?? null}
        onConfirm={onBulkConfirm}
      />
    </QuotePage>
  );
}
