import { Op, UniqueConstraintError, literal } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { authModels } from './models';

/**
 * Counts one event in the fixed window of `key` and returns the count so far and when the
 * window ends. Atomic on both dialects (conditional UPDATEs, INSERT guarded by the primary key),
 * so several gateway instances share one limit.
 */
export async function hitRateLimitBucket(db: Database, key: string, windowSeconds: number, now: Date): Promise<{ points: number; resetAt: Date }> {
  const { RateLimit } = authModels(db.sequelize);
  const freshExpiry = new Date(now.getTime() + windowSeconds * 1000);
  return db.transaction(async (t) => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [inWindow] = await RateLimit.update({ points: literal('points + 1') }, { where: { key, expiresAt: { [Op.gt]: now } }, transaction: t });
      if (inWindow === 0) {
        const [restarted] = await RateLimit.update({ points: 1, expiresAt: freshExpiry }, { where: { key, expiresAt: { [Op.lte]: now } }, transaction: t });
        if (restarted === 0) {
          try {
            await RateLimit.create({ key, points: 1, expiresAt: freshExpiry }, { transaction: t });
          } catch (error) {
            if (error instanceof UniqueConstraintError) continue; // another instance created it: count again
            throw error;
          }
        }
      }
      const row = await RateLimit.findByPk(key, { transaction: t });
      if (!row) continue;
      const r = row.get({ plain: true }) as { points: number; expiresAt: string | Date };
      return { points: Number(r.points), resetAt: new Date(r.expiresAt) };
    }
    throw new Error('Rate limit bucket could not be updated.');
  });
}

/** Forgets a bucket (e.g. the verify counter after a successful sign-in). */
export async function clearRateLimitBucket(db: Database, key: string): Promise<void> {
  await db.transaction((t) => authModels(db.sequelize).RateLimit.destroy({ where: { key }, transaction: t }));
}
