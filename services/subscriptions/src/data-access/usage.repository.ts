import { Op, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { modelsFor } from './models';
import { USAGE_KINDS, type UsageKind } from '@vouch/contracts';

/**
 * Adds one to the member's counter for `kind` in the period, only while it is below `limit`
 * (`limit` -1: always). Returns whether the unit was granted.
 *
 * Race-free without locks we cannot have on SQLite: the row is created if missing (a
 * concurrent creator's duplicate is ignored), then a single conditional UPDATE increments it;
 * the database decides, and the affected-row count tells us whether we won.
 */
export async function consumeUsageUnit(
  db: Database,
  transaction: Transaction,
  memberId: number,
  kind: UsageKind,
  periodStart: string,
  limit: number,
): Promise<boolean> {
  const { Usage } = modelsFor(db.sequelize);
  const existing = await Usage.findOne({ where: { memberId, kind, periodStart }, attributes: ['id'], transaction });
  if (!existing) await insertCounterIfMissing(db, transaction, memberId, kind, periodStart);
  const where = limit < 0 ? { memberId, kind, periodStart } : { memberId, kind, periodStart, used: { [Op.lt]: limit } };
  const [affected] = await Usage.update({ used: db.sequelize.literal('used + 1') as unknown as number }, { where, transaction });
  return affected === 1;
}

async function insertCounterIfMissing(db: Database, transaction: Transaction, memberId: number, kind: UsageKind, periodStart: string): Promise<void> {
  const now = new Date();
  // MySQL/MariaDB: ON DUPLICATE KEY UPDATE takes an exclusive lock on the existing row; INSERT
  // IGNORE would take a shared one, and two waiters upgrading to the UPDATE's exclusive lock deadlock.
  const sql =
    db.dialect === 'mysql'
      ? 'INSERT INTO `usage` (member_id, kind, period_start, used, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?) ON DUPLICATE KEY UPDATE used = used'
      : 'INSERT INTO `usage` (member_id, kind, period_start, used, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?) ON CONFLICT (member_id, kind, period_start) DO NOTHING';
  await db.sequelize.query(sql, { replacements: [memberId, kind, periodStart, now, now], transaction });
}

/** How much of each kind the member used in the period (0 for kinds never used). */
export async function usageInPeriod(db: Database, memberId: number, periodStart: string, transaction?: Transaction): Promise<Record<UsageKind, number>> {
  const rows = await modelsFor(db.sequelize).Usage.findAll({ where: { memberId, periodStart }, transaction });
  const used = Object.fromEntries(USAGE_KINDS.map((kind) => [kind, 0])) as Record<UsageKind, number>;
  for (const row of rows) if ((USAGE_KINDS as readonly string[]).includes(row.kind)) used[row.kind as UsageKind] = row.used;
  return used;
}
