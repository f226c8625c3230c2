/**
 * `GET /api/vouches/my` (what I sent), `GET /api/vouches/pending-for-me` (SPEC §7) and
 * `GET /api/vouches/received` (the ones I accepted).
 */
import type { Vouch } from '@vouch/contracts';
import { usePagedList } from '@vouch/shell-sdk';
import { vouchKeys } from '../lib/query-keys';

/** Paged: `data` holds the pages loaded so far; `fetchNextPage` loads the next. */
export function useMyVouches(options: { enabled?: boolean } = {}) {
  return usePagedList<Vouch>({ queryKey: vouchKeys.my, path: '/api/vouches/my', enabled: options.enabled });
}

export function usePendingVouchesForMe() {
  return usePagedList<Vouch>({ queryKey: vouchKeys.pendingForMe, path: '/api/vouches/pending-for-me' });
}

export function useReceivedVouches(options: { enabled?: boolean } = {}) {
  return usePagedList<Vouch>({ queryKey: vouchKeys.received, path: '/api/vouches/received', enabled: options.enabled });
}
