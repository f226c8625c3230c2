/** `GET /api/usage/current` (SPEC §7): this month's allowances, shown in the Create Vouch dialog. */
import type { CurrentUsage } from '@vouch/contracts';
import { api, useQuery } from '@vouch/shell-sdk';
import { USAGE_QUERY_KEY } from '../../../lib/query-keys';

export const getCurrentUsage = (): Promise<CurrentUsage | null> => api.read<CurrentUsage>('/api/usage/current');

/** Read afresh each time the dialog opens (issue 28: creates in another tab left "1 of 15 left"). */
export function useCurrentUsage(enabled: boolean) {
  return useQuery({ queryKey: USAGE_QUERY_KEY, queryFn: getCurrentUsage, enabled, staleTime: 0, refetchOnMount: 'always' });
}
