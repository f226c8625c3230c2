/**
 * POST /api/subscriptions/cancel → { status, cancelAtPeriodEnd, currentPeriodEnd }. Local
 * billing returns the member to the free plan at once; Stripe cancels at the period end.
 */
import { api, useMutation } from '@vouch/shell-sdk';
import type { CancelSubscriptionResult } from '@vouch/contracts';
import { useRefreshSubscription } from './use-refresh-subscription';

export function cancelSubscription(): Promise<CancelSubscriptionResult> {
  return api.post<CancelSubscriptionResult>('/api/subscriptions/cancel', {});
}

export function useCancelSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: cancelSubscription, onSettled: refresh });
}
