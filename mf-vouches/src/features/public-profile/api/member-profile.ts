/** `GET /api/profile/members/:memberId` (signed in): the slug of a member's public profile. */
import type { MemberProfileRef } from '@vouch/contracts';
import { api, ApiError, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';

export const getMemberProfile = (memberId: string): Promise<MemberProfileRef> => api.get<MemberProfileRef>(`/api/profile/members/${encodeURIComponent(memberId)}`);

export function useMemberProfile(memberId: string) {
  return useQuery({
    queryKey: [...profileKeys.all, 'member', memberId],
    queryFn: () => getMemberProfile(memberId),
    enabled: memberId !== '',
    staleTime: 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
  });
}
