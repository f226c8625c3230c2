import { hash } from 'node:crypto';
import { cacheSecondsSetting, createSingleFlightCache, type AuthContext } from '@vouch/service-core';

/** Default lifetime of a cached session lookup: also how long a sign-out on ANOTHER instance may
 *  take to reach this one's reads (docs/deployment.md). */
export const DEFAULT_SESSION_CACHE_SECONDS = 2;

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
  return cacheSecondsSetting(env, 'SESSION_CACHE_SECONDS', DEFAULT_SESSION_CACHE_SECONDS);
}

/** What the cache keeps a token's session under: its SHA-256 (one-shot hash, no Hash object per
 *  request; engines: Node >= 20.19 has it). */
export function sessionKey(token: string): string {
  return hash('sha256', token, 'base64url');
}

/**
 * A short in-process memory of resolved sessions, so a signed-in member's burst of requests costs
 * one session read instead of one per request. Only sessions bound to a member are kept (a
 * session still registering changes when the name step binds it). Keys are the tokens' SHA-256,
 * so the map holds no usable credential. `forget` is race-free: a lookup that started before it
 * never writes its (possibly pre-sign-out) answer back.
 */
export function createSessionCache(options: SessionCacheOptions): SessionCache {
  const cache = createSingleFlightCache<AuthContext | null>(options);
  return {
    resolve(token, lookup) {
      if (options.ttlMs <= 0) return lookup(); // no hash either
      return cache.get(sessionKey(token), lookup, (auth) => !!auth && auth.memberId !== null);
    },
    forget(token) {
      cache.forget(sessionKey(token));
    },
    get size() {
      return cache.size;
    },
  };
}
