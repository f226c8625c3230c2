/**
 * `GET /api/profile/public/:slug/connection` (signed in): the shortest path from me to the member
 * and its weakest link. A 404 other than "Profile Not Found" means no path within 3 degrees;
 * its sentence is what the screen says.
 */
import type { ProfileConnection } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export const getProfileConnection = (slug: string): Promise<ProfileConnection> => api.get<ProfileConnection>(`/api/profile/public/${encodeURIComponent(slug)}/connection`);

export function useProfileConnection(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: [...profileKeys.public(slug), 'connection'],
    queryFn: () => getProfileConnection(slug),
    enabled: enabled && slug !== '',
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
