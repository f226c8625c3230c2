/**
 * The QueryClient defaults of SPEC §7: reads are not retried, never go stale on their own and
 * are not refetched on window focus; a query opts into retries or polling explicitly.
 */
import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
