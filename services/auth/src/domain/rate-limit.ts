import type { Database } from '@vouch/service-core';
import { problems } from '@vouch/service-core';
import type { RateLimitRule } from '../config';
import { hitRateLimitBucket } from '../data-access/rate-limit.repository';
import type { Clock } from './clock';

/** Result of counting one event against a rule. */
export type RateLimitDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function decide(points: number, resetAt: Date, rule: RateLimitRule, now: Date): RateLimitDecision {
  if (points <= rule.points) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)) };
}

/**
 * Counts one event for `key` under `rule` (stored in the database, shared by every gateway
 * instance) and throws a 429 problem with Retry-After once the rule is exceeded.
 */
export async function enforceRateLimit(db: Database, clock: Clock, key: string, rule: RateLimitRule, detail: string): Promise<void> {
  if (rule.points <= 0) return;
  const now = clock();
  const { points, resetAt } = await hitRateLimitBucket(db, key, rule.windowSeconds, now);
  const decision = decide(points, resetAt, rule, now);
  if (!decision.allowed) throw problems.tooManyRequests(detail, decision.retryAfterSeconds);
}
