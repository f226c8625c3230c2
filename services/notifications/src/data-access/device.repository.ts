import { createHash } from 'node:crypto';
import { UniqueConstraintError, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { DevicePlatform } from '@vouch/contracts';
import { notificationsModels } from './models';

export interface DeviceRecord {
  id: number;
  memberId: number;
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
    platform: r.platform as DevicePlatform,
    token: String(r.token),
    appVersion: String(r.appVersion),
    createdAt: new Date(r.createdAt as string | Date),
    updatedAt: new Date(r.updatedAt as string | Date),
  };
}

/**
 * Stores the token for the member: a new row (created: true), or the row that already holds the
 * token, now the member's, with this platform and app version (a phone signed into another
 * account hands its token over). Two registrations of one token at once end in one row.
 */
export async function upsertDevice(db: Database, device: { memberId: number; platform: DevicePlatform; token: string; appVersion: string }, now: Date): Promise<{ device: DeviceRecord; created: boolean }> {
  const { Device } = notificationsModels(db.sequelize);
  const hash = tokenHash(device.token);
  for (let attempt = 0; ; attempt += 1) {
    const [updated] = await Device.update({ memberId: device.memberId, platform: device.platform, appVersion: device.appVersion, updatedAt: now }, { where: { tokenHash: hash } });
    if (updated > 0) {
      const row = await Device.findOne({ where: { tokenHash: hash } });
      if (row) return { device: toDevice(row), created: false };
    }
    try {
      const row = await Device.create({ ...device, tokenHash: hash, createdAt: now, updatedAt: now });
      return { device: toDevice(row), created: true };
    } catch (error) {
      // Another registration of the same token won the insert: update that row instead.
      if (!(error instanceof UniqueConstraintError) || attempt > 2) throw error;
    }
  }
}

export async function listDevices(db: Database, memberId: number): Promise<DeviceRecord[]> {
  const rows = await notificationsModels(db.sequelize).Device.findAll({ where: { memberId }, order: [['id', 'ASC']] });
  return rows.map(toDevice);
}

export async function findDevice(db: Database, id: number): Promise<DeviceRecord | null> {
  const row = await notificationsModels(db.sequelize).Device.findByPk(id);
  return row ? toDevice(row) : null;
}

/** Deletes the device and whatever is still queued for it; false when the member has no such device. */
export async function deleteDevice(db: Database, id: number, memberId?: number): Promise<boolean> {
  const { Device, Outbox } = notificationsModels(db.sequelize);
  return db.transaction(async (t: Transaction) => {
    const removed = await Device.destroy({ where: memberId === undefined ? { id } : { id, memberId }, transaction: t });
    if (removed > 0) await Outbox.destroy({ where: { deviceId: id }, transaction: t });
    return removed > 0;
  });
}
