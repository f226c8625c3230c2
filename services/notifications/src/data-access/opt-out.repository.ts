import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { NotificationKind } from '@vouch/contracts';
import { notificationsModels } from './models';

/** The kinds the member turned off. */
export async function listOptOuts(db: Database, memberId: number, t?: Transaction): Promise<Set<string>> {
  const rows = await notificationsModels(db.sequelize).OptOut.findAll({ where: { memberId }, transaction: t });
  return new Set(rows.map((row) => String(row.get('kind'))));
}

/** Turns kinds on (deletes their rows) and off (inserts them; one already there is kept), in one transaction. */
export async function changeOptOuts(db: Database, memberId: number, on: NotificationKind[], off: NotificationKind[]): Promise<void> {
  const { OptOut } = notificationsModels(db.sequelize);
  await db.transaction(async (t) => {
    if (on.length > 0) await OptOut.destroy({ where: { memberId, kind: on }, transaction: t });
    if (off.length > 0) await OptOut.bulkCreate(off.map((kind) => ({ memberId, kind })), { ignoreDuplicates: true, transaction: t });
  });
}
