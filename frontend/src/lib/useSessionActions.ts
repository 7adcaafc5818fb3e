import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';

import { USER_QUERY_SCOPE, clearB2BToken, setB2BToken } from './session';

/** Sign-in and sign-out on the client side: the token plus the cached data of the previous user. */
export function useSessionActions() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      startSession(token: string) {
        queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
        setB2BToken(token);
      },
      endSession() {
        clearB2BToken();
        queryClient.removeQueries({ queryKey: [USER_QUERY_SCOPE] });
      },
    }),
    [queryClient],
  );
}
