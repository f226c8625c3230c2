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
  /**
   * Drops every session of `memberId` kept here at once (a revocation: account deleted, signed
   * out everywhere), and keeps a lookup of one of them that started before this call from
   * storing its answer.
   */
  forgetMember(memberId: number): void;
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
  const now = options.now ?? Date.now;
  // Which keys hold each member's sessions, and when each member's sessions were last dropped:
  // both only as large as the cache's recent use (pruned below).
  const keysOf = new Map<number, Set<string>>();
  const forgottenAt = new Map<number, number>();
  let indexed = 0;
  const prune = () => {
    indexed = 0;
    for (const [memberId, keys] of keysOf) {
      for (const key of keys) if (cache.peek(key) === undefined) keys.delete(key);
      if (keys.size === 0) keysOf.delete(memberId);
      else indexed += keys.size;
    }
    for (const [memberId, at] of forgottenAt) if (now() - at > options.ttlMs) forgottenAt.delete(memberId);
  };
  return {
    resolve(token, lookup) {
      if (options.ttlMs <= 0) return lookup(); // no hash either
      const key = sessionKey(token);
      const started = now();
      return cache.get(
        key,
        async () => {
          const auth = await lookup();
          if (auth && auth.memberId !== null) {
            let keys = keysOf.get(auth.memberId);
            if (!keys) keysOf.set(auth.memberId, (keys = new Set()));
            if (!keys.has(key)) {
              keys.add(key);
              if ((indexed += 1) > 2 * cache.size + 100) prune();
            }
          }
          return auth;
        },
        // A member's sessions dropped after this lookup began are not stored (a race with the revocation).
        (auth) => !!auth && auth.memberId !== null && !((forgottenAt.get(auth.memberId) ?? -Infinity) >= started),
      );
    },
    forgetMember(memberId) {
      if (options.ttlMs <= 0) return;
      forgottenAt.set(memberId, now());
      for (const key of keysOf.get(memberId) ?? []) cache.forget(key);
      indexed -= keysOf.get(memberId)?.size ?? 0;
      keysOf.delete(memberId);
    },
    forget(token) {
      cache.forget(sessionKey(token));
    },
    get size() {
      return cache.size;
    },
  };
}
