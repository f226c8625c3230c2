// Issue 26 item 16: the signed-in reads that walk the network (degree analysis, my-matches,
// connector insights, requests open for suggestions) cost far more than a row read, so one member
// may not keep the server busy with them: a few at a time and a number per minute, per member,
// else 429 with Retry-After. Kept in this process (per instance, like the caches): counts of
// members active in the current minute and of reads in flight, nothing that grows with the network.
import type { NextFunction, Request, Response } from 'express';
import { problems } from './problems';
import { rateLimitHeaders, sendRateLimitHeaders, type RateLimitState } from './rate-limit-headers';

/** The per-minute quota's name in RateLimit-Policy / RateLimit (the concurrency limit has no window: Retry-After says it). */
export const EXPENSIVE_READS_POLICY = 'network-searches';

export interface ExpensiveReadLimits {
  /** Reads one member may have in flight at once; 0 switches the limit off. */
  concurrent: number;
  /** Reads one member may start per minute; 0 switches the limit off. */
  perMinute: number;
}

export const DEFAULT_EXPENSIVE_READ_LIMITS: ExpensiveReadLimits = { concurrent: 2, perMinute: 30 };

const MINUTE_MS = 60_000;
export const EXPENSIVE_READS_BUSY = 'You already have network searches running. Please wait for them to finish, then try again.';
export const EXPENSIVE_READS_LIMITED = 'You have run many network searches in the last minute. Please wait a moment, then try again.';

function limitFromEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number ≥ 0 (got "${raw}").`);
  return value;
}

/** EXPENSIVE_READS_CONCURRENT (default 2) and EXPENSIVE_READS_PER_MINUTE (default 30); anything else is a start-up error. */
export function expensiveReadLimits(env: NodeJS.ProcessEnv): ExpensiveReadLimits {
  return {
    concurrent: limitFromEnv(env, 'EXPENSIVE_READS_CONCURRENT', DEFAULT_EXPENSIVE_READ_LIMITS.concurrent),
    perMinute: limitFromEnv(env, 'EXPENSIVE_READS_PER_MINUTE', DEFAULT_EXPENSIVE_READ_LIMITS.perMinute),
  };
}

/** Express middleware that keeps the route's own parameter types. */
export type ExpensiveReadLimiter = <P>(req: Request<P>, res: Response, next: NextFunction) => void;

/**
 * Middleware for an expensive signed-in read: counts the member's reads in flight and in the
 * current minute, and answers 429 (Retry-After) past either limit. A request without a member
 * passes on (the route answers 401 itself).
 */
export function createExpensiveReadLimiter(limits: ExpensiveReadLimits, now: () => number = Date.now): ExpensiveReadLimiter {
  const inFlight = new Map<number, number>();
  let window = { startedAt: now(), counts: new Map<number, number>() };
  return (req, res, next) => {
    const memberId = req.auth?.memberId;
    if (memberId === undefined || memberId === null) {
      next();
      return;
    }
    const at = now();
    if (at - window.startedAt >= MINUTE_MS) window = { startedAt: at, counts: new Map() };
    const running = inFlight.get(memberId) ?? 0;
    if (limits.concurrent > 0 && running >= limits.concurrent) {
      next(problems.tooManyRequests(EXPENSIVE_READS_BUSY, 1));
      return;
    }
    const started = (window.counts.get(memberId) ?? 0) + 1;
    const resetSeconds = (window.startedAt + MINUTE_MS - at) / 1000;
    const quota: RateLimitState[] = limits.perMinute > 0 ? [{ policy: EXPENSIVE_READS_POLICY, quota: limits.perMinute, windowSeconds: 60, remaining: limits.perMinute - started, resetSeconds }] : [];
    if (limits.perMinute > 0 && started > limits.perMinute) {
      next(problems.tooManyRequests(EXPENSIVE_READS_LIMITED, resetSeconds, rateLimitHeaders(quota)));
      return;
    }
    sendRateLimitHeaders(res, quota);
    window.counts.set(memberId, started);
    inFlight.set(memberId, running + 1);
    res.once('close', () => {
      const left = (inFlight.get(memberId) ?? 1) - 1;
      if (left <= 0) inFlight.delete(memberId);
      else inFlight.set(memberId, left);
    });
    next();
  };
}

// One limiter per app (its services share one env object), shared by every service's routes in
// it, so a member's budget is one whichever service answers.
const limiters = new WeakMap<NodeJS.ProcessEnv, ExpensiveReadLimiter>();

/** The limiter of this app's expensive reads, made from its env by the first router that asks (so a wrong setting stops start-up). */
export function expensiveReads(ctx: { env: NodeJS.ProcessEnv }): ExpensiveReadLimiter {
  let limiter = limiters.get(ctx.env);
  if (!limiter) limiters.set(ctx.env, (limiter = createExpensiveReadLimiter(expensiveReadLimits(ctx.env))));
  return limiter;
}
