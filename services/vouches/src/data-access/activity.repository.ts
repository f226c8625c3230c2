import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { vouchesModels } from './models';

export interface ActivityRecord {
  id: number;
  memberId: number;
  type: string;
  description: string;
  createdAt: Date;
}

export async function insertActivity(db: Database, t: Transaction, activity: Omit<ActivityRecord, 'id'>): Promise<ActivityRecord> {
  const row = await vouchesModels(db.sequelize).Activity.create(activity, { transaction: t });
  return { ...activity, id: Number(row.get('id')) };
}

/** The member's latest activities, newest first. */
export async function listActivities(db: Database, memberId: number, limit: number): Promise<ActivityRecord[]> {
  const rows = await vouchesModels(db.sequelize).Activity.findAll({
    where: { memberId },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
    limit,
  });
  return rows.map((row) => {
    const r = row.get({ plain: true }) as Record<string, unknown>;
    return { id: Number(r.id), memberId: Number(r.memberId), type: String(r.type), description: String(r.description), createdAt: new Date(r.createdAt as string | Date) };
  });
}
