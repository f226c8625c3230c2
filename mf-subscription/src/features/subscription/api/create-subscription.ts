/**
 * POST /api/subscriptions/create { plan } → { clientSecret, status }. With local billing the
 * plan changes at once (clientSecret null); with Stripe the client secret feeds the Payment
 * Element, unless the change needs no payment step (switching between paid plans).
 */
import { api, useMutation } from '@vouch/shell-sdk';
import type { CreateSubscriptionResult, PlanName } from '@vouch/contracts';
import { useRefreshSubscription } from './use-refresh-subscription';

export function createSubscription(plan: PlanName): Promise<CreateSubscriptionResult> {
  return api.post<CreateSubscriptionResult>('/api/subscriptions/create', { plan });
}

export function useCreateSubscription() {
  const refresh = useRefreshSubscription();
  return useMutation({ mutationFn: createSubscription, onSettled: refresh });
}
