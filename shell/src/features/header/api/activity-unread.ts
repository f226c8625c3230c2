/**
 * The bell's unread count (GET /api/activities/unread) and marking the feed seen (POST
 * /api/activities/seen). Kept on the server (issue 28), so a member's phone and laptop agree.
 * Under ACTIVITIES_QUERY_KEY: a remote that invalidates the activities after a write refreshes
 * the count too.
 */
import type { ActivityUnread } from '@vouch/contracts';
import { ACTIVITIES_QUERY_KEY, api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { ACTIVITY_REFETCH_MS } from '../header-rules';

export const ACTIVITY_UNREAD_QUERY_KEY = [...ACTIVITIES_QUERY_KEY, 'unread'] as const;

export function useUnreadActivities() {
  return useQuery({
    queryKey: ACTIVITY_UNREAD_QUERY_KEY,
    queryFn: ({ signal }) => api.get<ActivityUnread>('/api/activities/unread', { signal }),
    refetchInterval: ACTIVITY_REFETCH_MS,
    staleTime: 0,
  });
}

/** Marks the feed seen through `throughId` (the newest shown); the answer is the new count. */
export function useMarkActivitiesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (throughId: number) => api.post<ActivityUnread>('/api/activities/seen', { throughId }),
    onSuccess: (answer) => queryClient.setQueryData(ACTIVITY_UNREAD_QUERY_KEY, answer),
  });
}
