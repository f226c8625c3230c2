import { createHmac } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { isDatabaseBusy, isDevelopmentMode, type Database } from '@vouch/service-core';

/**
 * The stored form of a bucket key: HMAC-SHA-256, so the table never holds a phone number or a
 * client address (a key such as `otp:phone:+447700900123` is the phone itself). Keyed by the
 * secret that keys sign-in codes (required in production, docs/security.md): a plain hash of a
 * phone number is reversed by trying every number.
 */
export function storedRateLimitKey(key: string, env: NodeJS.ProcessEnv = process.env): string {
  const secret = env.OTP_SECRET || env.SESSION_SECRET || (isDevelopmentMode(env) ? DEV_KEY_SECRET : undefined);
  // Outside development mode the gateway has already refused to start without it (auth's config):
  // a key is never hashed with a built-in secret there.
  if (!secret) throw new Error('OTP_SECRET (or SESSION_SECRET) is not set: rate-limit keys are HMAC\'d with it.');
  return createHmac('sha256', secret).update(key).digest('hex');
}

const DEV_KEY_SECRET = 'vouch-dev-rate-limit-keys';

/** Counts one hit and restarts a window that has ended, in ONE statement (no read-modify-write,
 *  no lock held between statements: concurrent hits from one address cannot deadlock). */
const UPSERT = {
  mysql: `INSERT INTO auth_rate_limits (bucket_key, points, expires_at) VALUES (:key, 1, :freshExpiry)
    ON DUPLICATE KEY UPDATE points = IF(expires_at > :now, points + 1, 1), expires_at = IF(expires_at > :now, expires_at, :freshExpiry)`,
  // SQLite evaluates every SET expression against the row as it was.
  sqlite: `INSERT INTO auth_rate_limits (bucket_key, points, expires_at) VALUES (:key, 1, :freshExpiry)
    ON CONFLICT (bucket_key) DO UPDATE SET points = CASE WHEN expires_at > :now THEN points + 1 ELSE 1 END,
      expires_at = CASE WHEN expires_at > :now THEN expires_at ELSE excluded.expires_at END`,
};

interface BucketRow {
  points: number | string;
  expiresAt: string | Date;
}

/**
 * Counts one event in the fixed window of `key` and returns the count so far and when the
 * window ends. One atomic upsert on both dialects (and the read of the row in the same
 * transaction), so several gateway instances share one limit. The values go in as
 * escaped text, not bind parameters: nothing is prepared on the server per key.
 */
export async function hitRateLimitBucket(db: Database, key: string, windowSeconds: number, now: Date): Promise<{ points: number; resetAt: Date }> {
  const replacements = { key: storedRateLimitKey(key), now, freshExpiry: new Date(now.getTime() + windowSeconds * 1000) };
  const row = await db.transaction(async (t) => {
    await db.sequelize.query(UPSERT[db.dialect], { replacements, transaction: t });
    const [read] = await db.sequelize.query<BucketRow>('SELECT points, expires_at AS expiresAt FROM auth_rate_limits WHERE bucket_key = :key', {
      replacements,
      type: QueryTypes.SELECT,
      transaction: t,
    });
    return read;
  });
  if (!row) throw new Error('Rate limit bucket could not be read back.');
  await purgeNowAndThen(db, now);
  return { points: Number(row.points), resetAt: toDate(row.expiresAt) };
}

/** SQLite returns the stored text ("2026-01-01 10:00:00.000 +00:00"); mysql2 a Date. */
function toDate(value: string | Date): Date {
  return value instanceof Date ? value : new Date(value.replace(' ', 'T').replace(' +00:00', 'Z'));
}

/** Buckets deleted per purge statement: a bounded delete never holds the table for long. */
const PURGE_BATCH = 1000;

/**
 * Deletes up to 1,000 buckets whose window ended before `now` (they count nothing any more)
 * and returns how many went. The index on expires_at finds them.
 */
export async function purgeExpiredRateLimitBuckets(db: Database, now: Date): Promise<number> {
  // The doubled subquery: MySQL refuses a DELETE whose subquery reads the same table directly.
  const sql = `DELETE FROM auth_rate_limits WHERE bucket_key IN (
    SELECT bucket_key FROM (SELECT bucket_key FROM auth_rate_limits WHERE expires_at <= :now ORDER BY expires_at LIMIT ${PURGE_BATCH}) AS expired)`;
  return db.transaction(async (t) => {
    await db.sequelize.query(sql, { replacements: { now }, transaction: t });
    const [changes] = await db.sequelize.query<{ n: number | string }>(db.dialect === 'sqlite' ? 'SELECT changes() AS n' : 'SELECT ROW_COUNT() AS n', {
      type: QueryTypes.SELECT,
      transaction: t,
    });
    return Number(changes?.n ?? 0);
  });
}

/** How often one process purges, at most: the first hit after this long since the last purge does it. */
export const RATE_LIMIT_PURGE_INTERVAL_MS = 60_000;
const lastPurge = new WeakMap<Database, number>();

/** The opportunistic purge: no worker needed, and at most one bounded DELETE a minute per process. */
async function purgeNowAndThen(db: Database, now: Date): Promise<void> {
  const last = lastPurge.get(db);
  if (last !== undefined && now.getTime() - last < RATE_LIMIT_PURGE_INTERVAL_MS) return;
  lastPurge.set(db, now.getTime());
  try {
    await purgeExpiredRateLimitBuckets(db, now);
  } catch (error) {
    // Lost a lock race with the hits: the next purge takes what this one left.
    if (!isDatabaseBusy(error)) throw error;
  }
}
