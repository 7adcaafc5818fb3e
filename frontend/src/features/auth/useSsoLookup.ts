import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { useGraphQLClient } from '../../lib/GraphQLClientProvider';
import { fetchSsoSignIn, ssoDomainOf, type SsoSignIn } from './api/ssoSignIn';

/** Typing settles this long on a complete address before its domain is asked about (a blur or a submit asks at once). */
export const SSO_LOOKUP_DELAY_MS = 400;

/** A domain's answer is kept this long: going back and forth between addresses asks once. */
const SSO_ANSWER_STALE_MS = 5 * 60_000;

export interface SsoLookup {
  /** The answer for the address in the field: undefined until it is known, null when no provider signs it in. */
  answer: SsoSignIn | null | undefined;
  /** The field's domain is being asked about. */
  checking: boolean;
  /** Ask about the field's address now (it lost the focus). */
  askNow(): void;
  /** The answer for the field's address, asked for unless it is known (before a submit); null when it cannot be had. */
  resolve(): Promise<SsoSignIn | null>;
}

interface Asked {
  domain: string;
  email: string;
}

/**
 * Issue 40: whether the sign-in form's address signs in with its company's identity provider. The answer depends on the
 * domain only, so editing the part before the "@" asks nothing again; a new domain is asked about once typing settles,
 * and the answer of the one before is dropped (its request is cancelled, never shown for another address).
 */
export function useSsoLookup(email: string, next: string): SsoLookup {
  const client = useGraphQLClient();
  const queryClient = useQueryClient();
  const domain = ssoDomainOf(email);
  const [asked, setAsked] = useState<Asked | null>(null);

  const options = useCallback(
    (target: Asked) =>
      queryOptions({
        queryKey: ['ssoSignIn', target.domain, next] as const,
        queryFn: ({ signal }) => fetchSsoSignIn(client, target.email, next, signal),
        staleTime: SSO_ANSWER_STALE_MS,
        retry: false,
      }),
    [client, next],
  );

  useEffect(() => {
    if (domain === null || asked?.domain === domain) return;
    const timer = setTimeout(() => setAsked({ domain, email }), SSO_LOOKUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [domain, email, asked?.domain]);

  const query = useQuery({ ...options(asked ?? { domain: '', email: '' }), enabled: asked !== null });
  const current = asked !== null && asked.domain === domain;

  return {
    // A failed question is no answer: the password sign-in stays, and the server still refuses it when it must.
    answer: !current ? undefined : query.isSuccess ? query.data : query.isError ? null : undefined,
    checking: current && query.isFetching,
    askNow: () => {
      if (domain !== null && asked?.domain !== domain) setAsked({ domain, email });
    },
    resolve: async () => {
      if (domain === null) return null;
      const target = { domain, email };
      if (asked?.domain !== domain) setAsked(target);
      return queryClient.fetchQuery(options(target)).catch(() => null);
    },
  };
}
