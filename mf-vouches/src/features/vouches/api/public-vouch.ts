/**
 * `GET /api/vouches/public/:vouchToken` (anonymous; phone masked). A 4xx is an answer (not found,
 * removed), not a retry.
 */
import type { Vouch } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { vouchKeys } from '../../../lib/query-keys';

export const getPublicVouch = (vouchToken: string): Promise<Vouch> => api.get<Vouch>(`/api/vouches/public/${encodeURIComponent(vouchToken)}`);

export function usePublicVouch(vouchToken: string) {
  return useQuery({
    queryKey: vouchKeys.public(vouchToken),
    queryFn: () => getPublicVouch(vouchToken),
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
