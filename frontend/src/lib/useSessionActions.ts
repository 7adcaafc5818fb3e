import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { signOutEverywhere } from './auth/signIn';
import { useGraphQLClient } from './GraphQLClientProvider';
import { usePortalConfig } from './PortalConfigProvider';
import { getB2BToken, type SessionEndReason } from './session';
import { beginSession, endSession } from './sessionLifecycle';
import type { CustomerInfo } from './user/customerInfo';

/** Sign-in and sign-out as the screens need them. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  const client = useGraphQLClient();
  const config = usePortalConfig();
  return useMemo(
    () => ({
      beginSession: (token: string, customer: CustomerInfo) => beginSession(queryClient, token, customer),
      endSession: (reason?: SessionEndReason) => endSession(queryClient, reason),
      /** Revokes the token and ends the storefront session, then ends the session here whatever they answered. */
      async signOut(): Promise<void> {
        await signOutEverywhere({ client, config }, getB2BToken());
        endSession(queryClient, 'signedOut');
      },
    }),
    [queryClient, client, config],
  );
}
