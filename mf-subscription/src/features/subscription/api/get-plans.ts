/** GET /api/subscriptions/plans (public): the three plans and which billing provider is active. */
import { api, useQuery } from '@vouch/shell-sdk';
import type { PlansResponse } from '@vouch/contracts';
import { PLANS_QUERY_KEY } from './query-keys';

export function getPlans(): Promise<PlansResponse | null> {
  return api.read<PlansResponse>('/api/subscriptions/plans');
}

export function usePlans() {
  return useQuery({ queryKey: PLANS_QUERY_KEY, queryFn: getPlans });
}
