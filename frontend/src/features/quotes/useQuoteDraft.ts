import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';

import type { GraphQLClient } from '../../lib/graphql';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { usePortalConfig } from '../../lib/PortalConfigProvider';
import { USER_QUERY_SCOPE, useB2BToken } from '../../lib/session';
import type { QuoteDraft, QuoteDraftPayload, QuoteFile } from './api/draftFields';
import { uploadQuoteDraftAttachment } from './api/quoteAttachmentUpload';
import { QUOTE_DRAFT } from './api/quoteDraft';
import { QUOTE_DRAFT_CLAIM } from './api/quoteDraftClaim';
import { readDraftKey, rememberDraftKey, writeDraftKey } from '../../lib/quoteDraftKey';
import { draftCopyOwner, readDraftCopy, writeDraftCopy } from '../../lib/quoteDraftCopy';

/** Signed-in users' drafts are user data (dropped when the user changes); a guest's is keyed apart. */
export function quoteDraftQueryKey(signedIn: boolean) {
  return signedIn ? ([USER_QUERY_SCOPE, 'quoteDraft'] as const) : (['quoteDraft', 'guest'] as const);
}

/**
 * The caller's draft. A signed-in user who still holds a guest's draft key claims that draft once (it is merged
 * into theirs on the server) and forgets the key; a guest reads the draft of the stored key.
 */
export async function loadQuoteDraft(client: GraphQLClient, signedIn: boolean): Promise<QuoteDraft> {
  const key = readDraftKey();
  if (signedIn && key) {
    const claimed = await client.request(QUOTE_DRAFT_CLAIM, { draftKey: key }, { suppressErrorToast: true }).catch(() => null);
    // Forgotten once claimed (an unknown key is a claim of nothing); a refused claim keeps it for the next sign-in.
    if (claimed) {
      writeDraftKey(null);
      return claimed.quoteDraftClaim.draft;
    }
  }
  const { quoteDraft } = await client.request(QUOTE_DRAFT, { draftKey: signedIn ? null : key });
  // An unknown or expired key answers an empty draft without a key: forget it.
  if (!signedIn && key && !quoteDraft.draftKey) writeDraftKey(null);
  return quoteDraft;
}

/**
 * The caller's draft from the server. Until it arrives, the local copy of the last one this tab saw for the same
 * owner stands in (`isPlaceholderData`: shown, not editable); every draft the server answers becomes the new copy.
 */
export function useQuoteDraft() {
  const client = useGraphQLClient();
  const token = useB2BToken();
  const signedIn = token !== null;
  const draft = useQuery({
    queryKey: quoteDraftQueryKey(signedIn),
    queryFn: () => loadQuoteDraft(client, signedIn),
    placeholderData: () => readDraftCopy<QuoteDraft>(draftCopyOwner(token, readDraftKey())),
  });
  const fresh = draft.isPlaceholderData ? undefined : draft.data;
  useEffect(() => {
    // The owner is read now: a guest's first write has just stored the key the copy belongs to.
    if (fresh) writeDraftCopy(draftCopyOwner(token, readDraftKey()), fresh);
  }, [fresh, token]);
  return draft;
}

/**
 * A draft write: sends the stored draft key (guests), keeps the key a new guest draft returns and puts the
 * answered draft in the cache. Errors are shown by the caller (field messages, spec toasts).
 */
export function useDraftMutation<TInput>(write: (client: GraphQLClient, draftKey: string | null, input: TInput) => Promise<QuoteDraftPayload>) {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const signedIn = useB2BToken() !== null;
  return useMutation({
    mutationFn: (input: TInput) => write(client, signedIn ? null : readDraftKey(), input),
    onSuccess: (payload) => {
      rememberDraftKey(payload.draft, signedIn);
      queryClient.setQueryData(quoteDraftQueryKey(signedIn), payload.draft);
    },
  });
}

/**
 * Uploads files to the draft one after another — a guest's first upload creates the draft and its key, which the
 * next upload must send — puts each stored file into the cached draft and fetches the draft again. `uploading`
 * counts the files sent or waiting (the draft must not be submitted while one is on its way).
 */
export function useDraftFileUpload() {
  const { apiOrigin } = usePortalConfig();
  const queryClient = useQueryClient();
  const signedIn = useB2BToken() !== null;
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const [uploading, setUploading] = useState(0);

  const upload = useCallback(
    (file: File): Promise<QuoteFile> => {
      setUploading((count) => count + 1);
      const send = () => uploadQuoteDraftAttachment(file, { draftKey: signedIn ? null : readDraftKey(), apiOrigin });
      const sent = queue.current.then(send);
      queue.current = sent.catch(() => undefined);
      return sent
        .then(({ draftKey, ...stored }) => {
          const queryKey = quoteDraftQueryKey(signedIn);
          queryClient.setQueryData<QuoteDraft>(queryKey, (draft) =>
            draft && { ...draft, draftKey: draftKey ?? draft.draftKey, fileInfo: [...draft.fileInfo.filter((item) => item.id !== stored.id), stored] },
          );
          void queryClient.invalidateQueries({ queryKey });
          return stored;
        })
        .finally(() => setUploading((count) => count - 1));
    },
    [apiOrigin, queryClient, signedIn],
  );

  return { upload, uploading };
}
