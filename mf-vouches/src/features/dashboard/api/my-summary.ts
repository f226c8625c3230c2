/**
 * `GET /api/profile/my-summary` (SPEC §7): the member's profile, recent accepted vouches and
 * tag stats. The first read creates the profile (services/vouches/src/features/profiles/README.md).
 */
import type { MySummary } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { profileKeys } from '../../../lib/query-keys';


export const getMySummary = (): Promise<MySummary | null> => api.read<MySummary>('/api/profile/my-summary');

export function useMySummary(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: profileKeys.mySummary, queryFn: getMySummary, enabled: options.enabled ?? true });
}
