// The bookkeeping the short in-process caches share (the gateway's sessions, the members' hot
// reads): entries that expire, concurrent misses of one key sharing one load, a size cap, and
// race-free forgetting — a load that started before a forget never stores what it read.

const DEFAULT_MAX_ENTRIES = 10_000;

export interface SingleFlightCacheOptions {
  /** Lifetime of an entry; 0 turns the cache off (every get loads). */
  ttlMs: number;
  maxEntries?: number;
  /** Milliseconds clock (tests). */
  now?: () => number;
}

export interface SingleFlightCache<V> {
  /**
   * The value kept for `key` less than `ttlMs` ago, else `load`'s (one call for concurrent misses
   * of one key), kept when `keep` says so (default: always).
   */
  get(key: string, load: () => Promise<V>, keep?: (value: V) => boolean): Promise<V>;
  /** The value kept for `key` less than `ttlMs` ago, without loading anything. */
  peek(key: string): V | undefined;
  /** Drops `key`, including a load in flight that started before this call. */
  forget(key: string): void;
  /** Drops every key, including every load in flight. */
  clear(): void;
  readonly size: number;
}

export function createSingleFlightCache<V>(options: SingleFlightCacheOptions): SingleFlightCache<V> {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, { value: V; until: number }>();
  const inFlight = new Map<string, Promise<V>>();
  // Bumped by every forget and clear: a load that saw an older value must not store its result.
  let generation = 0;
  // Entries are kept in the order they were stored, all for the same lifetime, so the expired ones
  // are the oldest: dropping them from the front as new ones arrive keeps only what is still
  // answerable (rate × lifetime), not every key seen until maxEntries pushes it out — with members
  // reading once each, that was up to maxEntries bodies kept long after they could be answered.
  const dropExpired = (at: number) => {
    for (const [key, entry] of entries) {
      if (entry.until > at) return;
      entries.delete(key);
    }
  };

  return {
    get(key, load, keep = () => true) {
      if (options.ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit && hit.until > now()) return Promise.resolve(hit.value);
      if (hit) entries.delete(key);
      const pending = inFlight.get(key);
      if (pending) return pending;

      const started = generation;
      const run = load().then(
        (value) => {
          if (inFlight.get(key) === run) inFlight.delete(key);
          if (started === generation && keep(value)) {
            const at = now();
            dropExpired(at);
            if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!); // oldest first
            entries.set(key, { value, until: at + options.ttlMs });
          }
          return value;
        },
        (error: unknown) => {
          if (inFlight.get(key) === run) inFlight.delete(key);
          throw error;
        },
      );
      inFlight.set(key, run);
      return run;
    },
    peek(key) {
      const hit = entries.get(key);
      return hit && hit.until > now() ? hit.value : undefined;
    },
    forget(key) {
      generation += 1;
      entries.delete(key);
      inFlight.delete(key);
    },
    clear() {
      generation += 1;
      entries.clear();
      inFlight.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A cache lifetime setting in seconds (0–60; unset: `fallbackSeconds`) → milliseconds; anything
 * else is a start-up error naming the variable.
 */
export function cacheSecondsSetting(env: NodeJS.ProcessEnv, name: string, fallbackSeconds: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallbackSeconds * 1000;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 60) {
    throw new Error(`${name} must be a number of seconds from 0 to 60 (got "${raw}").`);
  }
  return Math.round(seconds * 1000);
}
