import { problems } from '@vouch/service-core';
import type { BillingProvider } from './billing-provider';

export interface NoPaidPlansProvider extends BillingProvider {
  readonly name: 'none';
}

const NOT_OFFERED = 'Paid plans are not offered on this server; Network Builder, the free plan, is yours to use.';

/**
 * PAID_PLANS=off: a server that sells nothing. Every member stays on the free plan; buying a
 * plan or opening a billing portal is refused with 403 (never granted without a payment).
 */
export function createNoPaidPlansProvider(): NoPaidPlansProvider {
  return {
    name: 'none',
    publishableKey: null,
    async startSubscription() {
      throw problems.forbidden(NOT_OFFERED, 'PLANS_NOT_OFFERED');
    },
    async cancelSubscription() {
      // Nothing was sold here: whatever the row says, the member goes back to free.
      return { plan: 'free', status: 'active', stripeSubscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
    },
    async portalUrl() {
      throw problems.forbidden(NOT_OFFERED, 'PLANS_NOT_OFFERED');
    },
  };
}
