/** POST /api/auth/sessions/sign-out-others (issue 43): every session but this one ends; the list is read again. */
import type { EndedSessionsResponse } from '@vouch/contracts';
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { SESSIONS_QUERY_KEY } from './list-sessions';

export function useSignOutOthers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EndedSessionsResponse>('/api/auth/sessions/sign-out-others', {}),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
