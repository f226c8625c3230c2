/** GET /api/auth/sessions (issue 43): the browsers and apps signed in to my account, most recently used first. */
import type { SessionSummary } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';

export const SESSIONS_QUERY_KEY = ['auth', 'sessions'] as const;

export function useMySessions() {
  return useQuery({
    queryKey: SESSIONS_QUERY_KEY,
    queryFn: async () => (await api.read<SessionSummary[]>('/api/auth/sessions')) ?? [],
    staleTime: 0,
  });
}
