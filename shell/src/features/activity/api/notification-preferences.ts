/**
 * What the member chose to hear of (issue 40): GET/PATCH /api/notification-preferences (each
 * kind by text and by push; the bell has everything), and the members they take no asks for a
 * Vouch from (GET /api/vouch-asks/blocks, DELETE …/blocks/:memberId).
 */
import type { NotificationChannel, NotificationKind, NotificationPreferences, VouchAskBlock } from '@vouch/contracts';
import { api, useMutation, useQuery, useQueryClient } from '@vouch/shell-sdk';

const PREFERENCES_KEY = ['notification-preferences'] as const;
const BLOCKS_KEY = ['vouches', 'asks', 'blocks'] as const;

export function useNotificationPreferences(enabled: boolean) {
  return useQuery({ queryKey: PREFERENCES_KEY, queryFn: ({ signal }) => api.get<NotificationPreferences>('/api/notification-preferences', { signal }), enabled, staleTime: 0 });
}

type PreferenceChange = { kind: NotificationKind; channel: NotificationChannel; on: boolean };

/** Saves one box; the box shows the choice at once, and goes back if the save fails. */
export function useChangeNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, channel, on }: PreferenceChange) => api.patch<NotificationPreferences>('/api/notification-preferences', { [kind]: { [channel]: on } }),
    onMutate: async ({ kind, channel, on }: PreferenceChange) => {
      // A read still on its way would answer the choice from before the click, and undo the box.
      await queryClient.cancelQueries({ queryKey: PREFERENCES_KEY });
      const before = queryClient.getQueryData<NotificationPreferences>(PREFERENCES_KEY);
      if (before) queryClient.setQueryData(PREFERENCES_KEY, { ...before, [kind]: { ...before[kind], [channel]: on } });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) queryClient.setQueryData(PREFERENCES_KEY, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(PREFERENCES_KEY, answer),
  });
}

export function useAskBlocks(enabled: boolean) {
  return useQuery({ queryKey: BLOCKS_KEY, queryFn: ({ signal }) => api.get<VouchAskBlock[]>('/api/vouch-asks/blocks', { signal }), enabled, staleTime: 0 });
}

export function useUnblockAsks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: number) => api.delete<void>(`/api/vouch-asks/blocks/${memberId}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: BLOCKS_KEY }),
  });
}
