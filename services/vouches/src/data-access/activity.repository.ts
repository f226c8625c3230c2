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
    createdAt: new Date(r.createdAt as string | Date),
  };
}

export async function insertActivity(db: Database, t: Transaction, activity: Omit<ActivityRecord, 'id'>): Promise<ActivityRecord> {
  const row = await vouchesModels(db.sequelize).Activity.create(activity, { transaction: t });
  return { ...activity, id: Number(row.get('id')) };
}

/** The member's latest activities, newest first. */
/** The member's activities written at or after `since`, oldest first (limit + 1 rows after the cursor), by the member's created_at index. */
export async function listActivitiesSince(db: Database, memberId: number, since: Date, page: PageRequest): Promise<ActivityRecord[]> {
  const rows = await vouchesModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, changedSinceWhere('createdAt', since, page.after)] },
    order: changedFirst('createdAt'),
    limit: page.limit + 1,
  });
  return rows.map(toActivityRecord);
}

export async function listActivities(db: Database, memberId: number, limit: number, after: Cursor | null = null): Promise<ActivityRecord[]> {
  const rows = await vouchesModels(db.sequelize).Activity.findAll({
    where: { [Op.and]: [{ memberId }, keysetAfter(after, 'createdAt')] },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
    limit,
  });
  return rows.map(toActivityRecord);
}
