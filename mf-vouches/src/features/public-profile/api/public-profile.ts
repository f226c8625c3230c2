/**
 * `GET /api/profile/public/:slug` (anonymous; 404 unless public; each call by someone other
 * than the owner counts a view, so it is read once per visit and never retried on a 4xx).
 */
import type { PublicProfile } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export const getPublicProfile = (slug: string): Promise<PublicProfile> => api.get<PublicProfile>(`/api/profile/public/${encodeURIComponent(slug)}`);

export function usePublicProfile(slug: string) {
  return useQuery({
    queryKey: profileKeys.public(slug),
    queryFn: () => getPublicProfile(slug),
    enabled: slug !== '',
    staleTime: Infinity,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}

/** A 404 (unknown or private) is "Profile Not Found"; anything else is a load failure. */
export const isProfileNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;
