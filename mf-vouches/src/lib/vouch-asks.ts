/**
 * Asks for a vouch (issue 28 item 4): `GET /api/vouch-asks` between me and one member (the
 * profile's Ask for a vouch shows its state; Create Vouch opened from an ask shows the ask and
 * Decline), `POST /api/vouch-asks`, `POST /api/vouch-asks/:id/decline`. Under the vouches key:
 * a new vouch may fulfil an ask, so refreshAfterVouchChange refreshes them too.
 */
import type { CreateVouchAskInput, VouchAsk, VouchAskBox } from '@vouch/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { USAGE_QUERY_KEY, vouchKeys } from './query-keys';

const asksKey = (box: VouchAskBox, memberId: number) => [...vouchKeys.all, 'asks', box, memberId] as const;

/** The newest ask between me and `memberId` (made of me: received; by me: sent), or null. */
export function useLatestVouchAsk(box: VouchAskBox, memberId: number | null) {
  return useQuery({
    queryKey: asksKey(box, memberId ?? 0),
    queryFn: async () => (await api.get<VouchAsk[]>(`/api/vouch-asks?box=${box}&memberId=${memberId}&limit=1`))[0] ?? null,
    enabled: memberId !== null,
    staleTime: 30_000,
  });
}

export function useAskForVouch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateVouchAskInput) => api.post<VouchAsk>('/api/vouch-asks', body),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: [...vouchKeys.all, 'asks'] });
      void queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY });
    },
  });
}

export function useDeclineVouchAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<VouchAsk>(`/api/vouch-asks/${id}/decline`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...vouchKeys.all, 'asks'] }),
  });
}
