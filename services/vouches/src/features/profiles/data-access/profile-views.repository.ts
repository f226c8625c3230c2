import { QueryTypes, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';

/** One view as stored: the viewer already hashed, the UTC day as YYYY-MM-DD. */
export interface ProfileViewRow {
  viewerKey: string;
  day: string;
}

/**
 * Inserts the views of one member that are not stored yet, in one statement, and returns how
 * many were new (a viewer seen before that day is ignored by the primary key).
 */
export async function insertNewProfileViews(db: Database, memberId: number, views: ProfileViewRow[], t: Transaction): Promise<number> {
  if (views.length === 0) return 0;
  const values = views.map(() => '(?, ?, ?)').join(', ');
  const replacements = views.flatMap((v) => [memberId, v.day, v.viewerKey]);
  const ignore = db.dialect === 'sqlite' ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
  await db.sequelize.query(`${ignore} INTO profile_views (member_id, day, viewer_key) VALUES ${values}`, { replacements, transaction: t });
  const [changes] = await db.sequelize.query<{ n: number | string }>(db.dialect === 'sqlite' ? 'SELECT changes() AS n' : 'SELECT ROW_COUNT() AS n', {
    type: QueryTypes.SELECT,
    transaction: t,
  });
  return Number(changes?.n ?? 0);
}
