/** GET /api/activities (SPEC §7): the member's recent activity, refetched every 30 s. */
import type { Activity } from '@vouch/contracts';
import { ACTIVITIES_QUERY_KEY, api, useQuery } from '@vouch/shell-sdk';
import { ACTIVITY_REFETCH_MS } from '../header-rules';

export async function getActivities(): Promise<Activity[]> {
  const activities = await api.read<Activity[]>('/api/activities');
  return Array.isArray(activities) ? activities : [];
}

export function useActivities() {
  return useQuery({ queryKey: ACTIVITIES_QUERY_KEY, queryFn: getActivities, refetchInterval: ACTIVITY_REFETCH_MS, staleTime: 0 });
}
