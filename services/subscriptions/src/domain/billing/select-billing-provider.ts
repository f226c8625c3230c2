import type { Database } from '@vouch/service-core';
import { createLocalBillingProvider, type LocalBillingProvider } from './local-billing-provider';
import { createStripeBillingProvider, stripeConfigFromEnv, type StripeBillingProvider } from './stripe-billing-provider';
import { storeStripeCustomerId } from '../../data-access/subscription.repository';

/**
 * Stripe when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_PREMIUM and
 * STRIPE_PRICE_ENTERPRISE are all set; otherwise the local provider (DESIGN §2).
 */
export type AnyBillingProvider = LocalBillingProvider | StripeBillingProvider;

export function createBillingProvider(db: Database, env: NodeJS.ProcessEnv): AnyBillingProvider {
  const config = stripeConfigFromEnv(env);
  if (!config) return createLocalBillingProvider();
  return createStripeBillingProvider(config, (memberId, customerId) => storeStripeCustomerId(db, memberId, customerId));
}
