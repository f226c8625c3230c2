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

let shared: QueryClient | undefined;

/**
 * The page's one QueryClient, created on first use. It lives in this shared singleton module
 * rather than in the shell's React tree, so the cache survives the shell leaving and re-entering
 * its query-using routes (the landing page renders without it).
 */
export function sharedQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
