import { problems, type Database } from '@vouch/service-core';
import { USAGE_KINDS, type UsageKind } from '@vouch/contracts';
import { PLANS, PLAN_ORDER, isPaidPlanName, type PlanName } from './plans';
import { effectivePlan, hasLivePaidPlan, recordedPlan, DEFAULT_SUBSCRIPTION } from './subscription-state';
import { usagePeriod } from './usage-period';
import { createLocalBillingProvider } from './billing/local-billing-provider';
import type { BillingCustomer, BillingProvider, SubscriptionState } from './billing/billing-provider';
import { ensureSubscriptionRow, findSubscriptionByMember, updateSubscription } from '../data-access/subscription.repository';
import { usageInPeriod } from '../data-access/usage.repository';

export interface SubscriptionsDeps {
  db: Database;
  billing: BillingProvider;
  /** Name and phone for the payment system's customer record (null when unknown). */
  customerDetails(memberId: number): Promise<Omit<BillingCustomer, 'memberId'>>;
}

export interface SubscriptionStatus {
  plan: { name: PlanName; displayName: string };
  status: string;
}

/** SPEC §3 "Subscription status". */
export async function getSubscriptionStatus(db: Database, memberId: number): Promise<SubscriptionStatus> {
  const record = await findSubscriptionByMember(db, memberId);
  const plan = recordedPlan(record);
  return { plan: { name: plan, displayName: PLANS[plan].displayName }, status: record?.status ?? DEFAULT_SUBSCRIPTION.status };
}

/** What the Subscription page's first screen draws of the member's plan (the gateway's HTML, issue 41): the status and the plan's price. */
export async function currentPlanPreview(db: Database, memberId: number): Promise<SubscriptionStatus & { priceMonthlyUsd: number }> {
  const status = await getSubscriptionStatus(db, memberId);
  return { ...status, priceMonthlyUsd: PLANS[status.plan.name].priceMonthlyUsd };
}

export type CurrentUsage = Record<UsageKind, { used: number; monthly: number }> & { periodEnd: string };

/** SPEC §3 "Usage": this month's use against the allowances that apply now. */
export async function getCurrentUsage(db: Database, memberId: number, now: Date = new Date()): Promise<CurrentUsage> {
  const plan = effectivePlan(await findSubscriptionByMember(db, memberId));
  const { periodStart, periodEnd } = usagePeriod(now);
  const used = await usageInPeriod(db, memberId, periodStart);
  const entries = USAGE_KINDS.map((kind) => [kind, { used: used[kind], monthly: PLANS[plan].monthly[kind] }] as const);
  return { ...(Object.fromEntries(entries) as Record<UsageKind, { used: number; monthly: number }>), periodEnd: periodEnd.toISOString() };
}

/** GET /api/subscriptions/plans: everything the plan cards show, and how to pay. */
export function listPlans(billing: Pick<BillingProvider, 'name' | 'publishableKey'>) {
  return {
    billing: { provider: billing.name, publishableKey: billing.publishableKey },
    plans: PLAN_ORDER.map((name) => {
      const plan = PLANS[name];
      return {
        name,
        displayName: plan.displayName,
        priceMonthlyUsd: plan.priceMonthlyUsd,
        monthly: { ...plan.monthly },
        introductionDegrees: [...plan.introductionDegrees],
        selfSuggestDegrees: [...plan.selfSuggestDegrees],
        matchSuggestions: plan.matchSuggestions,
        apiAccess: plan.apiAccess,
        features: [...plan.features],
      };
    }),
  };
}

function planChoiceError(plan: string): never {
  if (plan === 'free') {
    throw problems.badRequest('Network Builder is the free plan: cancel your subscription to return to it.', [
      { field: 'plan', message: 'Choose premium or enterprise.' },
    ]);
  }
  throw problems.badRequest(`There is no plan called "${plan}": choose premium (Network Pro) or enterprise (Network Catalyst).`, [
    { field: 'plan', message: 'Choose premium or enterprise.' },
  ]);
}

async function record(db: Database, memberId: number, state: SubscriptionState): Promise<void> {
  await db.transaction((t) => updateSubscription(db, memberId, { ...state }, t));
}

/**
 * POST /api/subscriptions/create: buys a paid plan or switches between paid plans. With
 * Stripe the plan changes when payment succeeds (webhook); locally at once.
 */
export async function startSubscription(deps: SubscriptionsDeps, memberId: number, plan: string): Promise<{ clientSecret: string | null; status: string }> {
  if (!isPaidPlanName(plan)) planChoiceError(plan);
  // The row (still free/active, so nothing changes for the member) gives Stripe's idempotency
  // keys a scope that a reset database or another environment on the same account cannot reuse.
  await deps.db.transaction((t) => ensureSubscriptionRow(deps.db, memberId, t));
  const current = (await findSubscriptionByMember(deps.db, memberId))!;
  if (hasLivePaidPlan(current) && current.plan === plan) {
    throw problems.conflict(`You are already on the ${PLANS[plan].displayName} plan.`, 'ALREADY_ON_PLAN');
  }
  const customer = { memberId, ...(await deps.customerDetails(memberId)) };
  const result = await deps.billing.startSubscription({ customer, plan, current });
  if (result.state) await record(deps.db, memberId, result.state);
  return { clientSecret: result.clientSecret, status: result.status };
}

export interface CancelResult {
  status: string;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
}

/**
 * POST /api/subscriptions/cancel. Stripe: the plan runs to the end of the paid period, then
 * Stripe ends it (webhook). Local: back to the free plan at once.
 */
export async function cancelSubscription(deps: SubscriptionsDeps, memberId: number): Promise<CancelResult> {
  const current = await findSubscriptionByMember(deps.db, memberId);
  if (!hasLivePaidPlan(current)) throw problems.conflict('You are on the free Network Builder plan: there is no paid subscription to cancel.', 'NO_PAID_PLAN');
  const state = await deps.billing.cancelSubscription({ current });
  await record(deps.db, memberId, state);
  return {
    status: state.plan === 'free' ? 'canceled' : state.status,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd,
    currentPeriodEnd: state.currentPeriodEnd ? state.currentPeriodEnd.toISOString() : null,
  };
}

/** POST /api/subscriptions/portal. */
export async function openBillingPortal(deps: SubscriptionsDeps, memberId: number, returnUrl: string): Promise<{ url: string }> {
  const current = await findSubscriptionByMember(deps.db, memberId);
  return { url: await deps.billing.portalUrl({ current, returnUrl }) };
}

/**
 * Puts a member on a paid plan through the local billing provider (no payment system): the
 * demo network of `npm run seed`, whatever billing the server is configured with. The same
 * rules as POST /api/subscriptions/create (400 for free or an unknown plan, 409 when already on it).
 */
export function subscribeWithLocalBilling(db: Database, memberId: number, plan: string): Promise<{ clientSecret: string | null; status: string }> {
  return startSubscription({ db, billing: createLocalBillingProvider(), customerDetails: async () => ({ name: null, phone: null }) }, memberId, plan);
}
