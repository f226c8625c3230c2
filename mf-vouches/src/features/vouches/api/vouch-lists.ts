/** `GET /api/vouches/my` (what I sent) and `GET /api/vouches/pending-for-me` (SPEC §7). */
import type { Vouch } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { vouchKeys } from './query-keys';

export const getMyVouches = async (): Promise<Vouch[]> => (await api.read<Vouch[]>('/api/vouches/my')) ?? [];
export const getPendingVouchesForMe = async (): Promise<Vouch[]> => (await api.read<Vouch[]>('/api/vouches/pending-for-me')) ?? [];

export function useMyVouches(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: vouchKeys.my, queryFn: getMyVouches, enabled: options.enabled ?? true });
}

export function usePendingVouchesForMe() {
  return useQuery({ queryKey: vouchKeys.pendingForMe, queryFn: getPendingVouchesForMe });
}
