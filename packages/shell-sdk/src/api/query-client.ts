/**
 * The QueryClient defaults of SPEC §7: reads are not retried, never go stale on their own and
 * are not refetched on window focus; a query opts into retries or polling explicitly.
 */
import { QueryClient } from '@tanstack/react-query';
import { isFirstPageView, pageSession } from '@vouch/shell-sdk/base';
import { CURRENT_USER_QUERY_KEY } from '../auth/use-current-user';

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
 * The page's one QueryClient, created on first use, knowing the session the page's HTML carries.
 * It lives in this shared singleton module
 * rather than in the shell's React tree, so the cache survives the shell leaving and re-entering
 * its query-using routes (the landing page renders without it).
 */
export function sharedQueryClient(): QueryClient {
  if (!shared) {
    shared = createQueryClient();
    // The session the page's HTML was served for: no GET /api/auth/session at start (issue 41).
    // Current for that first page only (stamped now, before any later navigation's start); a client
    // first made after a navigation holds it as an answer from an earlier page, to be read again.
    const session = pageSession();
    if (session) shared.setQueryData(CURRENT_USER_QUERY_KEY, session.user, { updatedAt: isFirstPageView() ? Date.now() : 0 });
  }
  return shared;
}
