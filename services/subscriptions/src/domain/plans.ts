/**
 * The three plans as data (SPEC §6, §9). Every limit, price and capability the product knows
 * about lives in this one table; the rest of the code asks questions of it.
 */

import { PLAN_NAMES, UNLIMITED_MONTHLY, type IntroductionDegree, type PlanName, type UsageKind } from '@vouch/contracts';

// The plan names travel to the web too, so they are defined with the wire schemas.
export { PLAN_NAMES, type PlanName };
export const PAID_PLAN_NAMES = ['premium', 'enterprise'] as const;
export type PaidPlanName = (typeof PAID_PLAN_NAMES)[number];

export interface Plan {
  name: PlanName;
  displayName: string;
  /** Whole US dollars a month. */
  priceMonthlyUsd: number;
  monthly: Record<UsageKind, number>;
  /** Degrees of connection an introduction request may reach. */
  introductionDegrees: readonly IntroductionDegree[];
  /** Request degrees for which the member may suggest themselves (empty: never). */
  selfSuggestDegrees: readonly IntroductionDegree[];
  /** How many match suggestions the matcher returns. */
  matchSuggestions: number;
  /** How far an ask for a vouch may reach (issue 40): 1° like LinkedIn's recommendations, 2° on paid plans. */
  askDegree: 1 | 2;
  /**
   * SPEC's "API access": personal API tokens for the member's own integrations and third-party
   * tools (not issued by any endpoint yet). Not the apps: the web app and the native apps sign
   * the member in with their own session (cookie or bearer token from verify-otp), and that works
   * on every plan (APPS_FEATURE), because every member must be able to use the app they install.
   */
  apiAccess: boolean;
  /** Lines for the plan card, in the order shown. */
  features: readonly string[];
}

/** The plan-card line every plan shows: the member's own apps use the API on any plan. */
export const APPS_FEATURE = 'The Vouch apps on the web, iOS and Android';

export const PLANS: Readonly<Record<PlanName, Plan>> = {
  free: {
    name: 'free',
    displayName: 'Network Builder',
    priceMonthlyUsd: 0,
    monthly: { vouches: 15, invites: 15, introductions: 10, vouchAsks: 10 },
    introductionDegrees: [1, 2],
    selfSuggestDegrees: [],
    matchSuggestions: 3,
    askDegree: 1,
    apiAccess: false,
    features: [
      '15 vouches a month',
      '15 invites a month',
      '10 introduction requests a month',
      '10 asks for a vouch a month, to your 1st degree connections',
      '1st and 2nd degree introductions',
      'Basic AI matching with 3 suggestions',
      APPS_FEATURE,
    ],
  },
  premium: {
    name: 'premium',
    displayName: 'Network Pro',
    priceMonthlyUsd: 29,
    monthly: { vouches: 100, invites: 100, introductions: 50, vouchAsks: 50 },
    introductionDegrees: [1, 2, 3],
    selfSuggestDegrees: [1, 2],
    matchSuggestions: 10,
    askDegree: 2,
    apiAccess: false,
    features: [
      '100 vouches a month',
      '100 invites a month',
      '50 introduction requests a month',
      '50 asks for a vouch a month, to your 1st and 2nd degree connections',
      'Introductions at every degree',
      'AI matching with 10 suggestions',
      'Suggest yourself for 1st and 2nd degree requests',
      APPS_FEATURE,
    ],
  },
  enterprise: {
    name: 'enterprise',
    displayName: 'Network Catalyst',
    priceMonthlyUsd: 99,
    monthly: { vouches: UNLIMITED_MONTHLY, invites: UNLIMITED_MONTHLY, introductions: UNLIMITED_MONTHLY, vouchAsks: UNLIMITED_MONTHLY },
    introductionDegrees: [1, 2, 3],
    selfSuggestDegrees: [1, 2, 3],
    matchSuggestions: 10,
    askDegree: 2,
    apiAccess: true,
    features: [
      'Unlimited vouches',
      'Unlimited invites',
      'Unlimited introduction requests',
      'Unlimited asks for a vouch, to your 1st and 2nd degree connections',
      'Introductions at every degree',
      'AI matching with 10 suggestions',
      'Suggest yourself at any degree',
      APPS_FEATURE,
      'API access for your own integrations (personal API tokens, coming soon)',
    ],
  },
};

/** Plans in ascending order of price: the order of the plan cards and of upgrades. */
export const PLAN_ORDER: readonly PlanName[] = PLAN_NAMES;

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && (PLAN_NAMES as readonly string[]).includes(value);
}

export function isPaidPlanName(value: unknown): value is PaidPlanName {
  return typeof value === 'string' && (PAID_PLAN_NAMES as readonly string[]).includes(value);
}

export function isUnlimited(limit: number): boolean {
  return limit === UNLIMITED_MONTHLY;
}

/** The monthly allowance of `kind` on `plan` (-1: unlimited). */
export function monthlyLimit(plan: PlanName, kind: UsageKind): number {
  return PLANS[plan].monthly[kind];
}

/** The cheapest plan above `plan` that allows more of `kind`, or null when none does. */
export function upgradeFor(plan: PlanName, kind: UsageKind): Plan | null {
  const current = monthlyLimit(plan, kind);
  if (isUnlimited(current)) return null;
  const above = PLAN_ORDER.slice(PLAN_ORDER.indexOf(plan) + 1).map((name) => PLANS[name]);
  return above.find((candidate) => isUnlimited(candidate.monthly[kind]) || candidate.monthly[kind] > current) ?? null;
}

/** The name a member reads for a plan ("Network Pro"). */
export function planDisplayName(plan: PlanName): string {
  return PLANS[plan].displayName;
}

/** The cheapest plan that lets a member suggest themselves for a request of `degree`. */
export function requiredPlanForSelfSuggestion(degree: IntroductionDegree): PlanName {
  return PLAN_ORDER.find((name) => PLANS[name].selfSuggestDegrees.includes(degree)) ?? 'enterprise';
}

/** The cheapest plan whose introduction requests may reach `degree`. */
export function requiredPlanForIntroductionDegree(degree: IntroductionDegree): PlanName {
  return PLAN_ORDER.find((name) => PLANS[name].introductionDegrees.includes(degree)) ?? 'enterprise';
}

const KIND_WORDS: Record<UsageKind, string> = {
  vouches: 'vouches',
  invites: 'invites',
  introductions: 'introduction requests',
  vouchAsks: 'asks for a vouch',
};

/**
 * The sentence a member reads at the limit (the 402 `detail`): which limit, on which plan,
 * when it resets, and which plan lifts it.
 */
export function quotaExceededDetail(plan: PlanName, kind: UsageKind, periodEnd: Date): string {
  const current = PLANS[plan];
  const words = KIND_WORDS[kind];
  const resets = periodEnd.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  const used = `You have used all ${current.monthly[kind]} ${words} of your ${current.displayName} plan this month; it resets on ${resets}.`;
  const upgrade = upgradeFor(plan, kind);
  if (!upgrade) return used;
  const more = isUnlimited(upgrade.monthly[kind]) ? `unlimited ${words}` : `${upgrade.monthly[kind]} ${words} a month`;
  return `${used} Upgrade to ${upgrade.displayName} for ${more}.`;
}
