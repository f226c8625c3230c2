import type { Database } from '@vouch/service-core';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings, type NotificationSettingsPatch } from '@vouch/contracts';
import { changeOptOuts, listOptOuts } from '../data-access/opt-out.repository';

/** Every kind, on unless the member turned it off. */
export async function notificationSettings(db: Database, memberId: number): Promise<NotificationSettings> {
  const off = await listOptOuts(db, memberId);
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as NotificationSettings;
}

/** Changes the named kinds only; answers the settings after the change. */
export async function changeNotificationSettings(db: Database, memberId: number, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  const entries = Object.entries(patch) as Array<[NotificationKind, boolean]>;
  await changeOptOuts(
    db,
    memberId,
    entries.filter(([, on]) => on).map(([kind]) => kind),
    entries.filter(([, on]) => !on).map(([kind]) => kind),
  );
  return notificationSettings(db, memberId);
}
