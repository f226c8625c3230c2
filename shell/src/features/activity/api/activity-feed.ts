/** GET /api/activities, every page, of one kind or all (the activity page; issue 28). */
import type { Activity, ActivityKind } from '@vouch/contracts';
import { ACTIVITIES_QUERY_KEY, usePagedList } from '@vouch/shell-sdk';

export function useActivityFeed(kind: ActivityKind | null) {
  return usePagedList<Activity>({
    queryKey: [...ACTIVITIES_QUERY_KEY, 'page', kind ?? 'all'],
    path: kind ? `/api/activities?kind=${kind}` : '/api/activities',
    staleTime: 0,
  });
}
