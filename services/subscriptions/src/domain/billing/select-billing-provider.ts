import { isDevelopmentMode, missingSetting, refuseIncompleteConfig, type Database } from '@vouch/service-core';
import { createLocalBillingProvider, type LocalBillingProvider } from './local-billing-provider';
import { createNoPaidPlansProvider, type NoPaidPlansProvider } from './no-paid-plans-provider';
import { createStripeBillingProvider, stripeConfigFromEnv, type StripeBillingProvider } from './stripe-billing-provider';
import { storeStripeCustomerId } from '../../data-access/subscription.repository';

export type AnyBillingProvider = LocalBillingProvider | StripeBillingProvider | NoPaidPlansProvider;

const STRIPE_VARIABLES = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PREMIUM', 'STRIPE_PRICE_ENTERPRISE'] as const;

/** PAID_PLANS: unset or `on` sells plans; `off` sells none (the free plan only). Anything else is a start-up error. */
function paidPlansOff(env: NodeJS.ProcessEnv): boolean {
  const raw = env.PAID_PLANS?.trim();
  if (raw === undefined || raw === '' || raw === 'on') return false;
  if (raw === 'off') return true;
  throw new Error(`PAID_PLANS must be "on" or "off" (got "${env.PAID_PLANS}").`);
}

/**
 * What billing needs outside development mode: every Stripe variable, or the explicit
 * PAID_PLANS=off. Local billing grants a paid plan without a payment, so it exists only in
 * development mode. With Stripe, the billing portal's return address comes from APP_URL or
 * PUBLIC_URL (never the request's Host).
 */
export function billingConfigProblems(env: NodeJS.ProcessEnv): string[] {
  if (isDevelopmentMode(env) || paidPlansOff(env)) return [];
  const found: string[] = STRIPE_VARIABLES.filter((name) => !env[name]).map((name) =>
    missingSetting(name, 'paid plans are sold through Stripe; set every STRIPE_* variable, or PAID_PLANS=off for a server without paid plans.'),
  );
  if (!env.APP_URL && !env.PUBLIC_URL) found.push(missingSetting('PUBLIC_URL', "the billing portal's return address (APP_URL overrides it); it never follows the request's Host header."));
  return found;
}

/** Which provider createBillingProvider makes for `env`, without making it (what the Subscription page's first screen says about billing). */
export function billingProviderName(env: NodeJS.ProcessEnv): AnyBillingProvider['name'] {
  if (paidPlansOff(env)) return 'none';
  return stripeConfigFromEnv(env) ? 'stripe' : 'local';
}

/**
 * PAID_PLANS=off: no paid plans. Otherwise Stripe when STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
 * STRIPE_PRICE_PREMIUM and STRIPE_PRICE_ENTERPRISE are all set; otherwise, in development mode
 * only, the local provider (DESIGN §2). Anywhere else an incomplete configuration throws.
 */
export function createBillingProvider(db: Database, env: NodeJS.ProcessEnv): AnyBillingProvider {
  if (paidPlansOff(env)) return createNoPaidPlansProvider();
  refuseIncompleteConfig(env, billingConfigProblems(env));
  const config = stripeConfigFromEnv(env);
  if (!config) return createLocalBillingProvider();
  return createStripeBillingProvider(config, (memberId, customerId) => storeStripeCustomerId(db, memberId, customerId));
}
