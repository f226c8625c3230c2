import { Op, type Model, type Transaction } from 'sequelize';
import { changedFirst, changedSinceWhere, keysetAfter, type Cursor, type Database, type PageRequest } from '@vouch/service-core';
import { vouchesModels } from './models';

export interface ActivityRecord {
  id: number;
  memberId: number;
  type: string;
  description: string;
  /** The other member the activity is about, if any (the activity list links their profile). */
  aboutMemberId: number | null;
  /** The member did it themself ("You vouched for …"): never unread. */
  bySelf: boolean;
  createdAt: Date;
}

export function toActivityRecord(row: Model): ActivityRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    memberId: Number(r.memberId),
    type: String(r.type),
    description: String(r.description),
    aboutMemberId: r.aboutMemberId === null || r.aboutMemberId === undefined ? null : Number(r.aboutMemberId),
    bySelf: r.bySelf === true || r.bySelf === 1,
    createdAt: new Date(r.createdAt as string | Date),
  };
}

export async function insertActivity(db: Database, t: Transaction, activity: Omit<ActivityRecord, 'id'>): Promise<ActivityRecord> {
  const row = await vouchesModels(db.sequelize).Activity.create(activity, { transaction: t });
  return { ...activity, id: Number(row.get('id')) };
}

/** The member's activities written at or after `since`, oldest first (limit + 1 rows after the cursor), by the member's created_at index. */
export async function listActivitiesSince(db: Database, memberId: number, since: Date, page: PageRequest): Promise<ActivityRecord[]> {
  const rows = await vouchesModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, changedSinceWhere('createdAt', since, page.after)] },
    order: changedFirst('createdAt'),
    limit: page.limit + 1,
  });
  return rows.map(toActivityRecord);
}

/** The member's latest activities, newest first; only those of `types` when given. */
export async function listActivities(db: Database, memberId: number, limit: number, after: Cursor | null = null, types: readonly string[] | null = null): Promise<ActivityRecord[]> {
  const rows = await vouchesModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, ...(types ? [{ type: { [Op.in]: types } }] : []), keysetAfter(after, 'createdAt')] },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
    limit,
  });
  return rows.map(toActivityRecord);
}

/** The newest activity id the member has seen (0 when they never opened the feed). */
export async function seenThroughId(db: Database, memberId: number): Promise<number> {
  const [row] = await db.select<{ seen: number | string }>('SELECT seen_through_id AS seen FROM activity_reads WHERE member_id = ?', [memberId]);
  return row ? Number(row.seen) : 0;
}

/** How many of the member's activities after `afterId` others did, counting at most `cap`. */
export async function countUnread(db: Database, memberId: number, afterId: number, cap: number): Promise<number> {
  const [row] = await db.select<{ unread: number | string }>(
    'SELECT COUNT(*) AS unread FROM (SELECT id FROM activities WHERE member_id = ? AND id > ? AND by_self = ? LIMIT ?) AS newer',
    [memberId, afterId, false, cap],
  );
  return Number(row?.unread ?? 0);
}

/** The member's newest activity id (0 without any). */
export async function newestActivityId(db: Database, memberId: number): Promise<number> {
  const [row] = await db.select<{ newest: number | string | null }>('SELECT MAX(id) AS newest FROM activities WHERE member_id = ?', [memberId]);
  return Number(row?.newest ?? 0);
}

/**
 * Moves the member's "seen through" mark forward to `throughId`, never back: one statement, so
 * two devices marking at once leave the larger mark, on either database.
 */
export async function markSeenThrough(db: Database, memberId: number, throughId: number, now: Date): Promise<void> {
  const sql =
    db.sequelize.getDialect() === 'sqlite'
      ? 'INSERT INTO activity_reads (member_id, seen_through_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET seen_through_id = MAX(seen_through_id, excluded.seen_through_id), updated_at = excluded.updated_at'
      : 'INSERT INTO activity_reads (member_id, seen_through_id, updated_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE seen_through_id = GREATEST(seen_through_id, VALUES(seen_through_id)), updated_at = VALUES(updated_at)';
  await db.sequelize.query(sql, { replacements: [memberId, throughId, now] });
}

/** The account deletion's part: the member's "seen through" mark goes with their activities. */
export async function deleteActivityReads(db: Database, t: Transaction, memberId: number): Promise<void> {
  await db.sequelize.query('DELETE FROM activity_reads WHERE member_id = ?', { replacements: [memberId], transaction: t });
}
