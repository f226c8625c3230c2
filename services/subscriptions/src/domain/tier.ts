import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { IntroductionDegree } from '@vouch/contracts';
import { PLANS, type PlanName } from './plans';
import { effectivePlan } from './subscription-state';
import { findSubscriptionByMember } from '../data-access/subscription.repository';

/** What a member's current plan allows, for the services that enforce it. */
export interface Tier {
  plan: PlanName;
  displayName: string;
  /** Degrees an introduction request of this member may reach. */
  introductionDegrees: IntroductionDegree[];
  /** Request degrees for which this member may suggest themselves; empty when never. */
  selfSuggestDegrees: IntroductionDegree[];
  /** How many match suggestions to show this member. */
  matchSuggestions: number;
  /** How far this member's asks for a vouch may reach (1: their 1° connections; 2: also 2°). */
  askDegree: 1 | 2;
  apiAccess: boolean;
}

export function tierOf(plan: PlanName): Tier {
  const p = PLANS[plan];
  return {
    plan,
    displayName: p.displayName,
    introductionDegrees: [...p.introductionDegrees],
    selfSuggestDegrees: [...p.selfSuggestDegrees],
    matchSuggestions: p.matchSuggestions,
    askDegree: p.askDegree,
    apiAccess: p.apiAccess,
  };
}

/**
 * The capabilities of the member's plan right now (free for members who never subscribed,
 * and for paid plans whose payment lapsed). Pass `transaction` to read inside your own.
 */
export async function getTier(db: Database, memberId: number, transaction?: Transaction): Promise<Tier> {
  return tierOf(effectivePlan(await findSubscriptionByMember(db, memberId, transaction)));
}
