import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import type { GraphQLClient } from '../../lib/graphql';
import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { USER_QUERY_SCOPE, useB2BToken } from '../../lib/session';
import type { QuoteDraft, QuoteDraftPayload } from './api/draftFields';
import { QUOTE_DRAFT } from './api/quoteDraft';
import { QUOTE_DRAFT_CLAIM } from './api/quoteDraftClaim';
import { readDraftKey, rememberDraftKey, writeDraftKey } from '../../lib/quoteDraftKey';

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
    writeDraftKey(null);
    if (claimed) return claimed.quoteDraftClaim.draft;
  }
  const { quoteDraft } = await client.request(QUOTE_DRAFT, { draftKey: signedIn ? null : key });
  // An unknown or expired key answers an empty draft without a key: forget it.
  if (!signedIn && key && !quoteDraft.draftKey) writeDraftKey(null);
  return quoteDraft;
}

export function useQuoteDraft() {
  const client = useGraphQLClient();
  const signedIn = useB2BToken() !== null;
  return useQuery({
    queryKey: quoteDraftQueryKey(signedIn),
    queryFn: () => loadQuoteDraft(client, signedIn),
  });
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
