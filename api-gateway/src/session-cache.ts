import { createHash } from 'node:crypto';
import type { AuthContext } from '@vouch/service-core';

/** Default lifetime of a cached session lookup: also how long a sign-out on ANOTHER instance may
 *  take to reach this one's reads (docs/deployment.md). */
export const DEFAULT_SESSION_CACHE_SECONDS = 2;
const DEFAULT_MAX_ENTRIES = 10_000;

export interface SessionCacheOptions {
  /** 0 turns the cache off: every lookup reads the database. */
  ttlMs: number;
  maxEntries?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

export interface SessionCache {
  /**
   * The session behind `token`: a signed-in member's session seen less than `ttlMs` ago is
   * answered from memory; otherwise `lookup` runs (concurrent lookups of one token share one call).
   */
  resolve(token: string, lookup: () => Promise<AuthContext | null>): Promise<AuthContext | null>;
  /** Drops `token` at once, including a lookup in flight that started before this call. */
  forget(token: string): void;
  readonly size: number;
}

/** SESSION_CACHE_SECONDS (default 2; 0 turns the cache off) → milliseconds; anything else is a start-up error. */
export function sessionCacheTtlMs(env: NodeJS.ProcessEnv): number {
  const raw = env.SESSION_CACHE_SECONDS?.trim();
  if (!raw) return DEFAULT_SESSION_CACHE_SECONDS * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 60) {
    throw new Error(`SESSION_CACHE_SECONDS must be a number of seconds from 0 to 60 (got "${raw}").`);
  }
  return Math.round(seconds * 1000);
}

/**
 * A short in-process memory of resolved sessions, so a signed-in member's burst of requests costs
 * one session read instead of one per request. Only sessions bound to a member are kept (a
 * session still registering changes when the name step binds it). Keys are the tokens' SHA-256,
 * so the map holds no usable credential. `forget` is race-free: a lookup that started before it
 * never writes its (possibly pre-sign-out) answer back.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, { auth: AuthContext; until: number }>();
  const inFlight = new Map<string, Promise<AuthContext | null>>();
  // Bumped by every forget: a lookup that saw an older value must not store its result.
  let generation = 0;
  const keyOf = (token: string) => createHash('sha256').update(token).digest('base64url');

  return {
    async resolve(token, lookup) {
      if (options.ttlMs <= 0) return lookup();
      const key = keyOf(token);
      const hit = entries.get(key);
      if (hit && hit.until > now()) return hit.auth;
      if (hit) entries.delete(key);
      const pending = inFlight.get(key);
      if (pending) return pending;

      const started = generation;
      const run = lookup().then(
        (auth) => {
          if (inFlight.get(key) === run) inFlight.delete(key);
          if (auth && auth.memberId !== null && started === generation) {
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!); // oldest first
            entries.set(key, { auth, until: now() + options.ttlMs });
          }
          return auth;
        },
        (error: unknown) => {
          if (inFlight.get(key) === run) inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, run);
      return run;
    },
    forget(token) {
      generation += 1;
      const key = keyOf(token);
      entries.delete(key);
      inFlight.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
