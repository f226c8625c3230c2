/**
 * What the page's buttons do: upgrade or switch plans (local: at once; Stripe: through the
 * Payment Element), cancel, and open the billing portal. Every outcome ends in a toast of
 * SPEC §8, and status and usage are read again after each action.
 */
import { useState } from 'react';
import { notify } from '@vouch/ui';
import type { PlanName, PlanSummary, PlansResponse } from '@vouch/contracts';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useCreateSubscription } from '../api/create-subscription';
import { useBillingPortal } from '../api/open-billing-portal';
import { useRefreshSubscription } from '../api/use-refresh-subscription';
import {
  cancellationErrorToast,
  needsPaymentStep,
  paymentCompleteToast,
  portalErrorToast,
  subscriptionCanceledToast,
  subscriptionCreatedToast,
  subscriptionErrorToast,
} from './messages';

export interface PendingPayment {
  plan: PlanSummary;
  clientSecret: string;
  publishableKey: string;
}

export function useSubscriptionActions(billing: PlansResponse['billing'], freePlanName: string) {
  const create = useCreateSubscription();
  const cancel = useCancelSubscription();
  const portal = useBillingPortal();
  const refresh = useRefreshSubscription();
  const [pendingPlan, setPendingPlan] = useState<PlanName | null>(null);
  const [payment, setPayment] = useState<PendingPayment | null>(null);

  async function choosePlan(plan: PlanSummary) {
    setPendingPlan(plan.name);
    try {
      const result = await create.mutateAsync(plan.name);
      if (needsPaymentStep(billing.provider, result.clientSecret)) {
        if (!billing.publishableKey) throw new Error('Stripe is not fully configured on this server (no publishable key).');
        setPayment({ plan, clientSecret: result.clientSecret, publishableKey: billing.publishableKey });
        notify(subscriptionCreatedToast(plan.displayName, true));
      } else {
        notify(subscriptionCreatedToast(plan.displayName, false));
      }
    } catch (error) {
      notify({ ...subscriptionErrorToast(error), variant: 'destructive' });
    } finally {
      setPendingPlan(null);
    }
  }

  async function cancelSubscription(planName: string): Promise<boolean> {
    try {
      const result = await cancel.mutateAsync();
      notify(subscriptionCanceledToast(result, planName, freePlanName));
      return true;
    } catch (error) {
      notify({ ...cancellationErrorToast(error), variant: 'destructive' });
      return false;
    }
  }

  function openPortal() {
    portal.mutate(undefined, { onError: (error) => notify({ ...portalErrorToast(error), variant: 'destructive' }) });
  }

  function paymentFinished() {
    if (payment) notify(paymentCompleteToast(payment.plan.displayName));
    setPayment(null);
    void refresh();
  }

  function closePayment() {
    setPayment(null);
    void refresh();
  }

  return {
    pendingPlan,
    payment,
    choosePlan,
    cancelSubscription,
    cancelPending: cancel.isPending,
    openPortal,
    // Stays "pending" after success too: the browser is leaving for Stripe's portal.
    portalPending: portal.isPending || portal.isSuccess,
    paymentFinished,
    closePayment,
  };
}
