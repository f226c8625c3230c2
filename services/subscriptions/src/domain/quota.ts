import type { Transaction } from 'sequelize';
import { problems, type Database } from '@vouch/service-core';
import type { UsageKind } from '@vouch/contracts';
import { monthlyLimit, quotaExceededDetail, type PlanName } from './plans';
import { effectivePlan } from './subscription-state';
import { usagePeriod } from './usage-period';
import { findSubscriptionByMember } from '../data-access/subscription.repository';
import { consumeUsageUnit } from '../data-access/usage.repository';

export interface QuotaGrant {
  plan: PlanName;
  /** The monthly allowance (-1: unlimited). */
  monthly: number;
  /** When the allowance resets. */
  periodEnd: Date;
}

/**
 * Spends one unit of the member's monthly `kind` allowance inside the caller's write
 * transaction `t`, so the unit is given back if the caller's write rolls back.
 * Throws a 402 Problem naming the limit and the plan that lifts it when none is left.
 * Race-free on SQLite and MySQL/MariaDB: concurrent callers at the limit get exactly the
 * remaining units (see consumeUsageUnit).
 */
export async function consumeQuota(
  db: Database,
  t: Transaction,
  memberId: number,
  kind: UsageKind,
  options: { now?: Date } = {},
): Promise<QuotaGrant> {
  const plan = effectivePlan(await findSubscriptionByMember(db, memberId, t));
  const { periodStart, periodEnd } = usagePeriod(options.now);
  const monthly = monthlyLimit(plan, kind);
  if (!(await consumeUsageUnit(db, t, memberId, kind, periodStart, monthly))) {
    throw problems.paymentRequired(quotaExceededDetail(plan, kind, periodEnd));
  }
  return { plan, monthly, periodEnd };
}
