/** `GET /api/vouches/vouch-back` and its "Not now" (`POST …/{memberId}/dismiss`): the dashboard's Vouch back card. */
import type { VouchBack } from '@vouch/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { vouchKeys } from '../../../lib/query-keys';

export function useVouchBacks(enabled: boolean) {
  return useQuery({ queryKey: vouchKeys.vouchBack, queryFn: ({ signal }) => api.get<VouchBack[]>('/api/vouches/vouch-back', { signal }), enabled });
}

export function useDismissVouchBack() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.post<void>(`/api/vouches/vouch-back/${memberId}/dismiss`),
    // Gone at once; the list is read again for the next one.
    onMutate: (memberId) => queryClient.setQueryData<VouchBack[]>(vouchKeys.vouchBack, (old) => old?.filter((o) => o.memberId !== memberId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: vouchKeys.vouchBack }),
  });
}
