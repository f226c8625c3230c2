import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { NotificationChannel, NotificationKind } from '@vouch/contracts';
import { notificationsModels } from './models';

/** A member's choice for one kind and channel, where it differs from (or was set against) the default. */
export interface PreferenceRow {
  kind: NotificationKind;
  channel: NotificationChannel;
  enabled: boolean;
}

/** The member's stored choices (kinds and channels never touched have no row: their default holds). */
export async function listPreferences(db: Database, memberId: number, t?: Transaction): Promise<PreferenceRow[]> {
  const rows = await notificationsModels(db.sequelize).Preference.findAll({ where: { memberId }, transaction: t });
  return rows.map((row) => ({ kind: row.get('kind') as NotificationKind, channel: row.get('channel') as NotificationChannel, enabled: row.get('enabled') === true || row.get('enabled') === 1 }));
}

/** The stored choices of many members (one fan-out batch), in `t`; members with none are absent. */
export async function listPreferencesOf(db: Database, memberIds: readonly number[], t?: Transaction): Promise<Map<number, PreferenceRow[]>> {
  const byMember = new Map<number, PreferenceRow[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await notificationsModels(db.sequelize).Preference.findAll({ where: { memberId: [...new Set(memberIds)] }, transaction: t });
  for (const row of rows) {
    const memberId = Number(row.get('memberId'));
    const choice = { kind: row.get('kind') as NotificationKind, channel: row.get('channel') as NotificationChannel, enabled: row.get('enabled') === true || row.get('enabled') === 1 };
    byMember.set(memberId, [...(byMember.get(memberId) ?? []), choice]);
  }
  return byMember;
}

/** Stores each choice (replacing one already there), in one transaction. */
export async function savePreferences(db: Database, memberId: number, choices: readonly PreferenceRow[]): Promise<void> {
  if (choices.length === 0) return;
  const { Preference } = notificationsModels(db.sequelize);
  await db.transaction(async (t) => {
    await Preference.bulkCreate(
      choices.map((choice) => ({ memberId, ...choice })),
      { updateOnDuplicate: ['enabled'], transaction: t },
    );
  });
}

/** The account deletion's part. */
export async function deletePreferences(db: Database, t: Transaction, memberId: number): Promise<void> {
  await notificationsModels(db.sequelize).Preference.destroy({ where: { memberId }, transaction: t });
}
