import { Op, type Model, type Transaction } from 'sequelize';
import { changedFirst, changedSinceWhere, keysetAfter, type Cursor, type Database, type PageRequest } from '@vouch/service-core';
import type { NotificationObjectType } from '@vouch/contracts';
import { notificationsModels } from './models';

export interface ActivityRecord {
  id: number;
  memberId: number;
  type: string;
  description: string;
  /** The other member the activity is about, if any (the activity list links their profile). */
  aboutMemberId: number | null;
  /** The member did it themself ("You vouched for …"): never unread. */
  bySelf: boolean;
  /** What it is about (GET by id), and the app path it opens; null on rows older than issue 40. */
  objectType: NotificationObjectType | null;
  objectId: number | null;
  link: string | null;
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
    objectType: (r.objectType as NotificationObjectType | null | undefined) ?? null,
    objectId: r.objectId === null || r.objectId === undefined ? null : Number(r.objectId),
    link: (r.link as string | null | undefined) ?? null,
    createdAt: new Date(r.createdAt as string | Date),
  };
}

export async function insertActivity(db: Database, t: Transaction, activity: Omit<ActivityRecord, 'id'>): Promise<ActivityRecord> {
  const row = await notificationsModels(db.sequelize).Activity.create(activity, { transaction: t });
  return { ...activity, id: Number(row.get('id')) };
}

/** The member's activities written at or after `since`, oldest first (limit + 1 rows after the cursor), by the member's created_at index. */
export async function listActivitiesSince(db: Database, memberId: number, since: Date, page: PageRequest): Promise<ActivityRecord[]> {
  const rows = await notificationsModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, changedSinceWhere('createdAt', since, page.after)] },
    order: changedFirst('createdAt'),
    limit: page.limit + 1,
  });
  return rows.map(toActivityRecord);
}

/** The member's latest activities, newest first; only those of `types` when given. */
export async function listActivities(db: Database, memberId: number, limit: number, after: Cursor | null = null, types: readonly string[] | null = null): Promise<ActivityRecord[]> {
  const rows = await notificationsModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, ...(types ? [{ type: { [Op.in]: types } }] : []), keysetAfter(after, 'createdAt')] },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
    limit,
  });
  return rows.map(toActivityRecord);
}

/** The newest activity id the member has seen (0 when they never opened the feed). */
export async function seenThroughId(db: Database, memberId: number, t?: Transaction): Promise<number> {
  const [row] = await db.select<{ seen: number | string }>('SELECT seen_through_id AS seen FROM activity_reads WHERE member_id = ?', [memberId], t);
  return row ? Number(row.seen) : 0;
}

/** The member's activities with an id above `afterId`, by id: at most `rows` (a sync's first pass). */
export async function listActivitiesAfterId(db: Database, memberId: number, afterId: number, rows: number): Promise<ActivityRecord[]> {
  const found = await notificationsModels(db.sequelize).Activity.findAll({ where: { memberId, id: { [Op.gt]: afterId } }, order: [['id', 'ASC']], limit: rows });
  return found.map(toActivityRecord);
}

/** Those of these activities that are the member's. */
export async function listActivitiesByIds(db: Database, memberId: number, ids: readonly number[]): Promise<ActivityRecord[]> {
  if (ids.length === 0) return [];
  const found = await notificationsModels(db.sequelize).Activity.findAll({ where: { memberId, id: { [Op.in]: [...ids] } } });
  return found.map(toActivityRecord);
}

/** Ids of the member's activities others did with an id in (afterId, throughId]: what a mark makes read. */
export async function othersActivityIdsBetween(db: Database, memberId: number, afterId: number, throughId: number, t?: Transaction): Promise<number[]> {
  const rows = await db.select<{ id: number | string }>('SELECT id FROM activities WHERE member_id = ? AND id > ? AND id <= ? AND by_self = ?', [memberId, afterId, throughId, false], t);
  return rows.map((r) => Number(r.id));
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
export async function markSeenThrough(db: Database, memberId: number, throughId: number, now: Date, t?: Transaction): Promise<void> {
  const sql =
    db.sequelize.getDialect() === 'sqlite'
      ? 'INSERT INTO activity_reads (member_id, seen_through_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET seen_through_id = MAX(seen_through_id, excluded.seen_through_id), updated_at = excluded.updated_at'
      : 'INSERT INTO activity_reads (member_id, seen_through_id, updated_at) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE seen_through_id = GREATEST(seen_through_id, VALUES(seen_through_id)), updated_at = VALUES(updated_at)';
  await db.sequelize.query(sql, { replacements: [memberId, throughId, now], transaction: t });
}

/** One of the member's activities, or null (another member's is null too). */
export async function findActivity(db: Database, memberId: number, id: number): Promise<ActivityRecord | null> {
  const row = await notificationsModels(db.sequelize).Activity.findOne({ where: { id, memberId } });
  return row ? toActivityRecord(row) : null;
}

/** Every activity of the member, oldest first (the data export). */
export async function listAllActivities(db: Database, memberId: number, t?: Transaction): Promise<ActivityRecord[]> {
  const rows = await notificationsModels(db.sequelize).Activity.findAll({ where: { memberId }, order: [['createdAt', 'ASC'], ['id', 'ASC']], transaction: t });
  return rows.map(toActivityRecord);
}

/** The other members' activities about the member (whose link goes when the member does): id and owner. */
export async function listActivitiesAbout(db: Database, memberId: number, t?: Transaction): Promise<{ id: number; memberId: number }[]> {
  const rows = await notificationsModels(db.sequelize).Activity.findAll({ attributes: ['id', 'memberId'], where: { aboutMemberId: memberId }, transaction: t, raw: true });
  return rows.map((row) => {
    const r = row as unknown as { id: number; memberId: number };
    return { id: Number(r.id), memberId: Number(r.memberId) };
  }).filter((a) => a.memberId !== memberId);
}

/**
 * The account deletion's part: the member's activities and "seen through" mark go, and other
 * members' activities stop pointing at them.
 */
export async function deleteActivitiesOf(db: Database, t: Transaction, memberId: number): Promise<void> {
  const { Activity } = notificationsModels(db.sequelize);
  await Activity.destroy({ where: { memberId }, transaction: t });
  await db.sequelize.query('DELETE FROM activity_reads WHERE member_id = ?', { replacements: [memberId], transaction: t });
  await Activity.update({ aboutMemberId: null }, { where: { aboutMemberId: memberId }, transaction: t });
}
