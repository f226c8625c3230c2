/**
 * The bell's unread count (GET /api/activities/unread) and marking the feed seen (POST
 * /api/activities/seen). Kept on the server (issue 28), so a member's phone and laptop agree.
 * Under ACTIVITIES_QUERY_KEY: a remote that invalidates the activities after a write refreshes
 * the count too.
 */
import type { ActivityUnread } from '@vouch/contracts';
import { ACTIVITIES_QUERY_KEY, api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';
import { useEffect } from 'react';
import { ACTIVITY_REFETCH_MS } from '../header-rules';

/** The server's stream of the unread count (GET /api/activities/events, issue 40). */
const UNREAD_EVENTS_PATH = '/api/activities/events';

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
    // A count read before the mark would land after it and put the badge back up.
    onMutate: () => queryClient.cancelQueries({ queryKey: ACTIVITY_UNREAD_QUERY_KEY }),
    onSuccess: (answer) => queryClient.setQueryData(ACTIVITY_UNREAD_QUERY_KEY, answer),
  });
}

/**
 * Keeps the bell current without a reload (issue 40): the server pushes the unread count whenever
 * it changes, on this device or another. A higher count also refreshes the list, so the new item
 * is there when the bell opens. The 30 s refetch above stays as the fallback (a proxy that drops
 * streams, a browser without EventSource).
 */
export function useUnreadStream(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(UNREAD_EVENTS_PATH);
    const onUnread = (event: MessageEvent<string>) => {
      const next = JSON.parse(event.data) as ActivityUnread;
      const before = queryClient.getQueryData<ActivityUnread>(ACTIVITY_UNREAD_QUERY_KEY)?.unread;
      queryClient.setQueryData(ACTIVITY_UNREAD_QUERY_KEY, next);
      if (before !== undefined && next.unread > before) void queryClient.invalidateQueries({ queryKey: ACTIVITIES_QUERY_KEY });
    };
    source.addEventListener('unread', onUnread as EventListener);
    return () => {
      source.removeEventListener('unread', onUnread as EventListener);
      source.close();
    };
  }, [enabled, queryClient]);
}
