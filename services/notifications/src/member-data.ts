// The notifications service's part of "export my data" and "delete my account" (issue 10).
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { MemberDataPart } from '@vouch/service-auth';
import { notificationsModels } from './data-access/models';
import { listDevices } from './data-access/device.repository';
import { toDeviceDto } from './domain/devices.use-case';
import { notificationSettings } from './domain/settings.use-case';

/** The member's devices (never their tokens) and notification settings. */
async function exportMemberData(db: Database, memberId: number): Promise<Record<string, unknown>> {
  return { devices: (await listDevices(db, memberId)).map(toDeviceDto), settings: await notificationSettings(db, memberId) };
}

/** Devices, settings and anything still queued for the member go. */
async function forgetMember(db: Database, t: Transaction, member: { id: number }): Promise<void> {
  const { Device, OptOut, Outbox } = notificationsModels(db.sequelize);
  await Outbox.destroy({ where: { memberId: member.id }, transaction: t });
  await Device.destroy({ where: { memberId: member.id }, transaction: t });
  await OptOut.destroy({ where: { memberId: member.id }, transaction: t });
}

export const notificationsMemberData: MemberDataPart = { name: 'notifications', exportMemberData, forgetMember };
