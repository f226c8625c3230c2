import { problems } from '@vouch/service-core';
import type { BillingProvider } from './billing-provider';

export interface LocalBillingProvider extends BillingProvider {
  readonly name: 'local';
}

/**
 * Billing without a payment system, so every plan can be tried offline (DESIGN §2): buying a
 * plan takes effect at once, and cancelling returns to the free plan at once (there is no
 * paid period to run out). There is no billing portal.
 */
export function createLocalBillingProvider(): LocalBillingProvider {
  return {
    name: 'local',
    publishableKey: null,
    async startSubscription({ plan }) {
      return {
        clientSecret: null,
        status: 'active',
        state: { plan, status: 'active', stripeSubscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false },
      };
    },
    async cancelSubscription() {
      return { plan: 'free', status: 'active', stripeSubscriptionId: null, currentPeriodEnd: null, cancelAtPeriodEnd: false };
    },
    async portalUrl() {
      throw problems.badRequest('Billing portal is only available with Stripe billing.');
    },
  };
}
