/**
 * GET /api/activities (SPEC §7): the member's recent activity, refetched every 30 s. Paged
 * (issue 18): the bell shows the first page and loads older ones on request.
 */
import type { Activity } from '@vouch/contracts';
import { ACTIVITIES_QUERY_KEY, usePagedList } from '@vouch/shell-sdk';
import { ACTIVITY_REFETCH_MS } from '../header-rules';

export function useActivities() {
  return usePagedList<Activity>({ queryKey: ACTIVITIES_QUERY_KEY, path: '/api/activities', refetchInterval: ACTIVITY_REFETCH_MS, staleTime: 0 });
}
