/**
 * `GET /api/profile/public/:slug/connection?states=true` (signed in): the shortest path from me to
 * the member and its weakest link, or `{ connected: false, detail }` when there is none within 3
 * degrees (a state, not a 404: issue 28, no console error); its sentence is what the screen says.
 */
import type { ProfileConnectionState } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export const getProfileConnection = (slug: string): Promise<ProfileConnectionState> =>
  api.get<ProfileConnectionState>(`/api/profile/public/${encodeURIComponent(slug)}/connection?states=true`);

export function useProfileConnection(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: [...profileKeys.public(slug), 'connection'],
    queryFn: () => getProfileConnection(slug),
    enabled: enabled && slug !== '',
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
