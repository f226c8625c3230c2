/**
 * `GET /api/vouches/public/:vouchToken?states=true` (anonymous; phone masked). A vouch removed by
 * its sender is a state answer (`{ removed, detail }`, issue 28: a 410 would be a console error);
 * a 4xx (not found) is an answer, not a retry. The page's HTML preloads this same URL.
 */
import type { PublicVouchState } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { vouchKeys } from '../../../lib/query-keys';

export const getPublicVouch = (vouchToken: string): Promise<PublicVouchState> => api.get<PublicVouchState>(`/api/vouches/public/${encodeURIComponent(vouchToken)}?states=true`);

export function usePublicVouch(vouchToken: string) {
  return useQuery({
    queryKey: vouchKeys.public(vouchToken),
    queryFn: () => getPublicVouch(vouchToken),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
