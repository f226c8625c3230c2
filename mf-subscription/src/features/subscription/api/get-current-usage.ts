/** GET /api/usage/current: this month's used / monthly per kind and when it resets. */
import { api, useQuery } from '@vouch/shell-sdk';
import type { CurrentUsage } from '@vouch/contracts';
import { USAGE_QUERY_KEY } from './query-keys';

export function getCurrentUsage(): Promise<CurrentUsage | null> {
  return api.read<CurrentUsage>('/api/usage/current');
}

export function useCurrentUsage() {
  return useQuery({ queryKey: USAGE_QUERY_KEY, queryFn: getCurrentUsage });
}
