/**
 * Asks for a vouch (issue 28 item 4, issue 40): `GET /api/vouch-asks` between me and one member
 * (the profile's Ask for a vouch shows its state; Create Vouch opened from an ask shows the ask and
 * Decline) and all of one box (My Vouches → Asks), `POST /api/vouch-asks`,
 * `POST /api/vouch-asks/:id/decline` (and block). Under the vouches key: a new vouch may fulfil an
 * ask, so refreshAfterVouchChange refreshes them too.
 */
import type { CreateVouchAskInput, VouchAsk, VouchAskBox } from '@vouch/contracts';
import { api, useMutation, usePagedList, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { USAGE_QUERY_KEY, vouchKeys } from '../lib/query-keys';

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

/** Every ask of one box, newest first (paged): the ones made of me, or by me. */
export function useVouchAsks(box: VouchAskBox) {
  return usePagedList<VouchAsk>({ queryKey: [...vouchKeys.all, 'asks', box, 'all'], path: `/api/vouch-asks?box=${box}` });
}

/** Declines an ask; with `block`, the asker may not ask me again (until I unblock them). */
export function useDeclineVouchAsk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, block = false }: { id: number; block?: boolean }) => api.post<VouchAsk>(`/api/vouch-asks/${id}/decline`, block ? { block } : {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...vouchKeys.all, 'asks'] }),
  });
}
