// The notifications service's part of "export my data" and "delete my account" (issue 10).
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { MemberDataPart } from '@vouch/service-auth';
import { notificationsModels } from '../data-access/models';
import { deleteActivitiesOf, listActivitiesAbout, listAllActivities } from '../data-access/activity.repository';
import { recordActivityChanges } from './activity';
import { listDevices } from '../data-access/device.repository';
import { deleteQueuedFor } from '../data-access/outbox.repository';
import { deletePreferences } from '../data-access/preference.repository';
import { toDeviceDto } from './devices.use-case';
import { notificationPreferences } from './preferences.use-case';

/** The member's bell (activities), devices (never their tokens) and notification preferences. */
async function exportMemberData(db: Database, memberId: number, t?: Transaction): Promise<Record<string, unknown>> {
  return {
    activities: (await listAllActivities(db, memberId, t)).map((a) => ({ type: a.type, description: a.description, link: a.link, createdAt: a.createdAt.toISOString() })),
    devices: (await listDevices(db, memberId)).map(toDeviceDto),
    preferences: await notificationPreferences(db, memberId),
  };
}

/** The bell, devices, preferences and anything still queued for the member go. */
async function forgetMember(db: Database, t: Transaction, member: { id: number }): Promise<void> {
  // Other members' activities about them no longer link them: a change their synced feeds bring (issue 45).
  recordActivityChanges(db, t, await listActivitiesAbout(db, member.id, t));
  await deleteActivitiesOf(db, t, member.id);
  await deleteQueuedFor(db, t, { memberId: member.id });
  await notificationsModels(db.sequelize).Device.destroy({ where: { memberId: member.id }, transaction: t });
  await deletePreferences(db, t, member.id);
}

export const notificationsMemberData: MemberDataPart = { name: 'notifications', exportMemberData, forgetMember };
