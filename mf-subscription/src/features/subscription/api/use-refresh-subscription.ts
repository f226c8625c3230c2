import { useQueryClient } from '@vouch/shell-sdk';
import { SUBSCRIPTION_STATUS_QUERY_KEY, USAGE_QUERY_KEY } from './query-keys';

/** After every billing action: status and usage are read again (limits change with the plan). */
export function useRefreshSubscription(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: USAGE_QUERY_KEY }),
    ]);
  };
}
