import { QueryClient } from '@tanstack/react-query';

export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Every failed request already shows a toast (shell §8); silent retries would repeat it.
        retry: false,
        // The overlay sits over a storefront tab that gains and loses focus often; refetch on demand only.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
