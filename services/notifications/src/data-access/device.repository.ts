import { createHash } from 'node:crypto';
import { UniqueConstraintError, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { DevicePlatform } from '@vouch/contracts';
import { notificationsModels } from './models';
import { deleteQueuedFor } from './outbox.repository';

export interface DeviceRecord {
  id: number;
  memberId: number;
  /** The session that registered it; null for a device registered before issue 40. */
  sessionId: string | null;
  platform: DevicePlatform;
  /** The FCM token, or the web PushSubscription as JSON. */
  token: string;
  appVersion: string;
  createdAt: Date;
  updatedAt: Date;
}

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

function toDevice(row: Model): DeviceRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    memberId: Number(r.memberId),
    sessionId: (r.sessionId as string | null | undefined) ?? null,
    platform: r.platform as DevicePlatform,
    token: String(r.token),
    appVersion: String(r.appVersion),
    createdAt: new Date(r.createdAt as string | Date),
    updatedAt: new Date(r.updatedAt as string | Date),
  };
}

/**
 * Stores the token for the member's session. A token is one device: whoever held it before (this
 * member on another session, or another member who signed out on that phone) no longer does, and
 * nothing queued for them goes to it. Two registrations of one token at once end in one row.
 */
export async function registerDeviceRow(db: Database, device: { memberId: number; sessionId: string; platform: DevicePlatform; token: string; appVersion: string }, now: Date): Promise<DeviceRecord> {
  const { Device } = notificationsModels(db.sequelize);
  const hash = tokenHash(device.token);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await db.transaction(async (t) => {
        const held = await Device.findOne({ where: { tokenHash: hash }, transaction: t });
        if (held) {
          await deleteQueuedFor(db, t, { deviceId: Number(held.get('id')) });
          await held.destroy({ transaction: t });
        }
        const row = await Device.create({ ...device, tokenHash: hash, createdAt: now, updatedAt: now }, { transaction: t });
        return toDevice(row);
      });
    } catch (error) {
      // Another registration of the same token won the insert: take the row over from it.
      if (!(error instanceof UniqueConstraintError) || attempt > 2) throw error;
    }
  }
}

/** Keeps the member's `keep` most recently registered devices; the older ones go (and what is queued for them). */
export async function dropOldestDevices(db: Database, memberId: number, keep: number): Promise<number> {
  const { Device } = notificationsModels(db.sequelize);
  const rows = await Device.findAll({ where: { memberId }, attributes: ['id'], order: [['updatedAt', 'DESC'], ['id', 'DESC']], offset: keep });
  for (const row of rows) await deleteDevice(db, Number(row.get('id')));
  return rows.length;
}

/** The devices registered by these sessions go, with what is queued for them, in `t` (the sessions' ending). */
export async function deleteSessionDevices(db: Database, t: Transaction, sessionIds: readonly string[]): Promise<number> {
  if (sessionIds.length === 0) return 0;
  const { Device } = notificationsModels(db.sequelize);
  const rows = await Device.findAll({ where: { sessionId: [...sessionIds] }, attributes: ['id'], transaction: t });
  for (const row of rows) await deleteQueuedFor(db, t, { deviceId: Number(row.get('id')) });
  if (rows.length > 0) await Device.destroy({ where: { id: rows.map((row) => Number(row.get('id'))) }, transaction: t });
  return rows.length;
}

export async function listDevices(db: Database, memberId: number): Promise<DeviceRecord[]> {
  const rows = await notificationsModels(db.sequelize).Device.findAll({ where: { memberId }, order: [['id', 'ASC']] });
  return rows.map(toDevice);
}

/** The devices of many members (one fan-out batch), each member's in registration order, in `t`. */
export async function listDevicesOf(db: Database, memberIds: readonly number[], t?: Transaction): Promise<Map<number, DeviceRecord[]>> {
  const byMember = new Map<number, DeviceRecord[]>();
  if (memberIds.length === 0) return byMember;
  const rows = await notificationsModels(db.sequelize).Device.findAll({ where: { memberId: [...new Set(memberIds)] }, order: [['id', 'ASC']], transaction: t });
  for (const device of rows.map(toDevice)) byMember.set(device.memberId, [...(byMember.get(device.memberId) ?? []), device]);
  return byMember;
}

/** Devices by id (one delivery batch's pushes); ids with no device are absent. */
export async function findDevices(db: Database, ids: readonly number[]): Promise<Map<number, DeviceRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await notificationsModels(db.sequelize).Device.findAll({ where: { id: [...new Set(ids)] } });
  return new Map(rows.map(toDevice).map((device) => [device.id, device]));
}

export async function findDevice(db: Database, id: number): Promise<DeviceRecord | null> {
  const row = await notificationsModels(db.sequelize).Device.findByPk(id);
  return row ? toDevice(row) : null;
}

/** Deletes the device and whatever is still queued for it; false when the member has no such device. */
export async function deleteDevice(db: Database, id: number, memberId?: number): Promise<boolean> {
  const { Device } = notificationsModels(db.sequelize);
  return db.transaction(async (t: Transaction) => {
    const removed = await Device.destroy({ where: memberId === undefined ? { id } : { id, memberId }, transaction: t });
    if (removed > 0) await deleteQueuedFor(db, t, { deviceId: id });
    return removed > 0;
  });
}
