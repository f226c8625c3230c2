import { UNLIMITED_MONTHLY } from '@vouch/contracts';
import {
  PLANS,
  PLAN_ORDER,
  monthlyLimit,
  planDisplayName,
  quotaExceededDetail,
  requiredPlanForIntroductionDegree,
  requiredPlanForSelfSuggestion,
  upgradeFor,
} from '../src/domain/plans';
import { effectivePlan, recordedPlan } from '../src/domain/subscription-state';
import { tierOf } from '../src/domain/tier';
import { listPlans } from '../src/domain/subscription.use-case';
import { billingProviderName } from '../src/domain/billing/select-billing-provider';
import type { SubscriptionRecord } from '../src/data-access/subscription.repository';

const row = (plan: string, status: string): SubscriptionRecord => ({
  memberId: 1,
  plan,
  status,
  stripeCustomerId: null,
  stripeSubscriptionId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  stripeSyncedAt: null,
  createdAt: new Date(),
});

describe('the plans (SPEC §9)', () => {
  it('are free Network Builder $0, premium Network Pro $29 and enterprise Network Catalyst $99, cheapest first', () => {
    expect(PLAN_ORDER.map((name) => [name, PLANS[name].displayName, PLANS[name].priceMonthlyUsd])).toEqual([
      ['free', 'Network Builder', 0],
      ['premium', 'Network Pro', 29],
      ['enterprise', 'Network Catalyst', 99],
    ]);
  });

  it('allow 15/15/10, 100/100/50 and unlimited vouches, invites and introduction requests a month', () => {
    expect(PLANS.free.monthly).toEqual({ vouches: 15, invites: 15, introductions: 10, vouchAsks: 10 });
    expect(PLANS.premium.monthly).toEqual({ vouches: 100, invites: 100, introductions: 50, vouchAsks: 50 });
    expect(PLANS.enterprise.monthly).toEqual({ vouches: UNLIMITED_MONTHLY, invites: UNLIMITED_MONTHLY, introductions: UNLIMITED_MONTHLY, vouchAsks: UNLIMITED_MONTHLY });
    expect(UNLIMITED_MONTHLY).toBe(-1);
    expect(monthlyLimit('premium', 'introductions')).toBe(50);
  });

  it('give the tier capabilities of SPEC §6: degrees, self-suggestion, suggestions and API access', () => {
    expect(tierOf('free')).toEqual({ plan: 'free', displayName: 'Network Builder', introductionDegrees: [1, 2], selfSuggestDegrees: [], matchSuggestions: 3, askDegree: 1, apiAccess: false });
    expect(tierOf('premium')).toEqual({ plan: 'premium', displayName: 'Network Pro', introductionDegrees: [1, 2, 3], selfSuggestDegrees: [1, 2], matchSuggestions: 10, askDegree: 2, apiAccess: false });
    expect(tierOf('enterprise')).toEqual({ plan: 'enterprise', displayName: 'Network Catalyst', introductionDegrees: [1, 2, 3], selfSuggestDegrees: [1, 2, 3], matchSuggestions: 10, askDegree: 2, apiAccess: true });
  });

  it('name the cheapest plan that allows self-suggestion or an introduction at a degree', () => {
    expect([1, 2, 3].map((d) => requiredPlanForSelfSuggestion(d as 1 | 2 | 3))).toEqual(['premium', 'premium', 'enterprise']);
    expect([1, 2, 3].map((d) => requiredPlanForIntroductionDegree(d as 1 | 2 | 3))).toEqual(['free', 'free', 'premium']);
  });

  it('give each plan the name members read', () => {
    expect(PLAN_ORDER.map(planDisplayName)).toEqual(['Network Builder', 'Network Pro', 'Network Catalyst']);
  });

  it('list for the page with prices, allowances and features, without exposing the table itself', () => {
    const listed = listPlans({ name: 'local', publishableKey: null });
    expect(listed.billing).toEqual({ provider: 'local', publishableKey: null });
    expect(listed.plans.map((p) => [p.name, p.priceMonthlyUsd, p.monthly.vouches])).toEqual([
      ['free', 0, 15],
      ['premium', 29, 100],
      ['enterprise', 99, -1],
    ]);
    listed.plans[0]!.monthly.vouches = 1000;
    expect(PLANS.free.monthly.vouches).toBe(15);
  });
});

describe('at the limit', () => {
  const december = new Date(Date.UTC(2025, 11, 1));

  it('a free member is told the limit, when it resets and that Network Pro lifts it', () => {
    expect(quotaExceededDetail('free', 'vouches', december)).toBe(
      'You have used all 15 vouches of your Network Builder plan this month; it resets on December 1. Upgrade to Network Pro for 100 vouches a month.',
    );
    expect(quotaExceededDetail('free', 'introductions', december)).toBe(
      'You have used all 10 introduction requests of your Network Builder plan this month; it resets on December 1. Upgrade to Network Pro for 50 introduction requests a month.',
    );
  });

  it('a Network Pro member is pointed at Network Catalyst, which is unlimited', () => {
    expect(upgradeFor('premium', 'invites')?.name).toBe('enterprise');
    expect(quotaExceededDetail('premium', 'invites', december)).toBe(
      'You have used all 100 invites of your Network Pro plan this month; it resets on December 1. Upgrade to Network Catalyst for unlimited invites.',
    );
  });

  it('an unlimited plan has nothing to upgrade to', () => {
    expect(upgradeFor('enterprise', 'vouches')).toBeNull();
  });
});

describe('which plan applies', () => {
  it('is free without a row, and the recorded paid plan while it is paid (or in the past_due grace)', () => {
    expect(effectivePlan(null)).toBe('free');
    expect(effectivePlan(row('premium', 'active'))).toBe('premium');
    expect(effectivePlan(row('enterprise', 'trialing'))).toBe('enterprise');
    expect(effectivePlan(row('premium', 'past_due'))).toBe('premium');
  });

  it('falls back to the free allowances when payment lapsed, while the page still shows the recorded plan', () => {
    for (const status of ['unpaid', 'incomplete', 'incomplete_expired', 'canceled', 'paused']) {
      expect(effectivePlan(row('premium', status))).toBe('free');
      expect(recordedPlan(row('premium', status))).toBe('premium');
    }
  });

  it('treats an unknown recorded plan as free', () => {
    expect(effectivePlan(row('gold', 'active'))).toBe('free');
  });
});

describe('billingProviderName', () => {
  const stripe = { STRIPE_SECRET_KEY: 'sk_test', STRIPE_WEBHOOK_SECRET: 'whsec', STRIPE_PRICE_PREMIUM: 'price_p', STRIPE_PRICE_ENTERPRISE: 'price_e' };
  it('names the provider createBillingProvider makes: Stripe when configured, none when paid plans are off, else local', () => {
    expect(billingProviderName(stripe)).toBe('stripe');
    expect(billingProviderName({ ...stripe, PAID_PLANS: 'off' })).toBe('none');
    expect(billingProviderName({ STRIPE_SECRET_KEY: 'sk_test' })).toBe('local');
    expect(billingProviderName({})).toBe('local');
  });
});
