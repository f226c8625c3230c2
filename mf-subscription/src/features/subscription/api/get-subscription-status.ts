/** GET /api/subscriptions/status: the member's plan and status; null when signed out (SPEC §7). */
import { api, useQuery } from '@vouch/shell-sdk';
import type { SubscriptionStatus } from '@vouch/contracts';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './query-keys';

export function getSubscriptionStatus(): Promise<SubscriptionStatus | null> {
  return api.read<SubscriptionStatus>('/api/subscriptions/status');
}

export function useSubscriptionStatus() {
  return useQuery({ queryKey: SUBSCRIPTION_STATUS_QUERY_KEY, queryFn: getSubscriptionStatus });
}
