// What a member chose to hear of, per kind and channel (issue 40). The bell has everything; text
// and push follow the member's choice, or the default where they never chose (channelOnByDefault).
import type { Database } from '@vouch/service-core';
import {
  channelOnByDefault,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
  type NotificationSettings,
  type NotificationSettingsPatch,
} from '@vouch/contracts';
import { listPreferences, savePreferences, type PreferenceRow } from '../data-access/preference.repository';

/** The preferences that `rows` (a member's stored choices) make: every kind and channel. */
export function preferencesFrom(rows: readonly PreferenceRow[]): NotificationPreferences {
  const chosen = new Map(rows.map((row) => [`${row.kind}:${row.channel}`, row.enabled]));
  const of = (kind: NotificationKind, channel: NotificationChannel) => chosen.get(`${kind}:${channel}`) ?? channelOnByDefault(kind, channel);
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { text: of(kind, 'text'), push: of(kind, 'push') }])) as NotificationPreferences;
}

/** GET /api/notification-preferences. */
export async function notificationPreferences(db: Database, memberId: number): Promise<NotificationPreferences> {
  return preferencesFrom(await listPreferences(db, memberId));
}

/** PATCH /api/notification-preferences: the named kinds and channels only; answers them all after the change. */
export async function changeNotificationPreferences(db: Database, memberId: number, patch: NotificationPreferencesPatch): Promise<NotificationPreferences> {
  const choices = (Object.entries(patch) as Array<[NotificationKind, Partial<Record<NotificationChannel, boolean>> | undefined]>).flatMap(([kind, channels]) =>
    NOTIFICATION_CHANNELS.flatMap((channel) => (channels?.[channel] === undefined ? [] : [{ kind, channel, enabled: channels[channel]! }])),
  );
  await savePreferences(db, memberId, choices);
  return notificationPreferences(db, memberId);
}

/** GET /api/notification-settings (issue 29): every kind's push. */
export async function notificationSettings(db: Database, memberId: number): Promise<NotificationSettings> {
  const preferences = await notificationPreferences(db, memberId);
  return Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, preferences[kind].push])) as NotificationSettings;
}

/** PATCH /api/notification-settings (issue 29): turns the named kinds' push on or off. */
export async function changeNotificationSettings(db: Database, memberId: number, patch: NotificationSettingsPatch): Promise<NotificationSettings> {
  await savePreferences(db, memberId, (Object.entries(patch) as Array<[NotificationKind, boolean]>).map(([kind, enabled]) => ({ kind, channel: 'push', enabled })));
  return notificationSettings(db, memberId);
}

/** The member replied STOP (or START) to a text: texts of every kind off (or back to their defaults). */
export async function setTextsStopped(db: Database, memberId: number, stopped: boolean): Promise<void> {
  await savePreferences(db, memberId, NOTIFICATION_KINDS.map((kind) => ({ kind, channel: 'text', enabled: stopped ? false : channelOnByDefault(kind, 'text') })));
}
