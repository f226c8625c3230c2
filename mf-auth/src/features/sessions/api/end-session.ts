/** DELETE /api/auth/sessions/{id} (issue 43): signs that browser or app out; the list is read again. */
import { api, useMutation, useQueryClient } from '@vouch/shell-sdk';
import { SESSIONS_QUERY_KEY } from './list-sessions';

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/api/auth/sessions/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY }),
  });
}
