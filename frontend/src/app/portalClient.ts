import type { QueryClient } from '@tanstack/react-query';

import { toast } from '../components/toast/toastStore';
import { withErrorText } from '../lib/errorText';
import { createGraphQLClient, type GraphQLClient } from '../lib/graphql';
import type { Language } from '../lib/i18n/languages';
import { USER_QUERY_SCOPE } from '../lib/session';
import { loginPath } from '../lib/routePaths';

export interface PortalClientContext {
  apiOrigin: string;
  queryClient: QueryClient;
  navigate(to: string): void;
  language(): Language;
  fetch?: typeof fetch;
}

/** The portal's one GraphQL client, wired to the toasts and the router (shell §8). */
export function createPortalClient({ apiOrigin, queryClient, navigate, language, fetch }: PortalClientContext): GraphQLClient {
  return createGraphQLClient({
    apiOrigin,
    fetch,
    language,
    onSessionExpired(error) {
      queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
      navigate(loginPath(3, { showTip: false }));
      withErrorText(error, language(), toast.error);
    },
    onError(error) {
      withErrorText(error, language(), toast.error);
    },
  });
}
