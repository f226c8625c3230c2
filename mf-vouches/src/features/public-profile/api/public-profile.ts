/**
 * `GET /api/profile/public/:slug` (anonymous; 404 unless public; each call by someone other
 * than the owner counts a view, so it is read once per visit and never retried on a 4xx).
 */
import { publicProfilePath, type PublicProfile, type PublicProfileVouch } from '@vouch/contracts';
import { api, ApiError, useLocation, useNavigate, usePagedList, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { useEffect } from 'react';
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

/**
 * A 404 (unknown or private) or a 410 (a URL whose member left or let it go: issue 43) is
 * "Profile Not Found"; anything else is a load failure.
 */
export const isProfileNotFound = (error: unknown): boolean => error instanceof ApiError && (error.status === 404 || error.status === 410);

/**
 * An earlier URL of the profile (the member chose a new one) answers with the current slug: the
 * address bar then shows the current URL (replaced, not a new history entry), and the data is
 * kept under the new slug so the page is not read again (which would count a second view).
 */
export function useCurrentProfileAddress(slug: string, data: PublicProfile | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const current = data?.profile.profileSlug;
  useEffect(() => {
    if (!data || !current || current === slug) return;
    queryClient.setQueryData(profileKeys.public(current), data);
    void navigate(`${publicProfilePath(current)}${location.search}${location.hash}`, { replace: true });
  }, [current, data, slug, navigate, location.search, location.hash, queryClient]);
}

/** `GET /api/profile/public/:slug/vouches`: every accepted vouch, a page at a time ("+ N more vouches" opens it). */
export function useAllProfileVouches(slug: string, enabled: boolean) {
  return usePagedList<PublicProfileVouch>({
    queryKey: [...profileKeys.public(slug), 'vouches'],
    path: `/api/profile/public/${encodeURIComponent(slug)}/vouches`,
    enabled,
    staleTime: Infinity,
  });
}
