import { Problem, problems, type Database } from '@vouch/service-core';
import type { Device, DevicePlatform, RegisterDeviceInput } from '@vouch/contracts';
import { isPushServiceEndpoint } from '../config';
import { deleteDevice, dropOldestDevices, listDevices, registerDeviceRow, type DeviceRecord } from '../data-access/device.repository';

const CHANNEL: Record<DevicePlatform, string> = { ios: 'FCM', android: 'FCM', web: 'Web Push' };

/** The sentence of a registration this server cannot deliver to (503 PUSH_NOT_CONFIGURED). */
export function pushOffFor(platform: DevicePlatform): Problem {
  return new Problem(503, `Push notifications for ${platform} are off on this server (${CHANNEL[platform]} is not configured), so the device was not registered.`, { code: 'PUSH_NOT_CONFIGURED' });
}

export function toDeviceDto(device: DeviceRecord): Device {
  return { id: device.id, platform: device.platform, appVersion: device.appVersion, createdAt: device.createdAt.toISOString(), updatedAt: device.updatedAt.toISOString() };
}

/** A member's devices: the most recently registered ones are kept (a phone re-registers on every sign-in). */
export const MAX_DEVICES_PER_MEMBER = 10;

/**
 * Registers the device for the member's session (POST /api/devices): it gets the member's
 * notifications until that session ends (sign-out, expiry) or the token is registered by someone
 * else. A token already registered is the same device, taken over whoever held it; the answer is
 * the same either way, so it tells nobody whether a token was known. The member's oldest devices
 * beyond MAX_DEVICES_PER_MEMBER go. Refused with 503 when the platform's channel is off, rather
 * than stored and never delivered to.
 */
export async function registerDevice(db: Database, member: { memberId: number; sessionId: string }, input: RegisterDeviceInput, push: { platforms: readonly DevicePlatform[]; webPushHosts: readonly string[] }, now: Date): Promise<Device> {
  if (!push.platforms.includes(input.platform)) throw pushOffFor(input.platform);
  // The worker POSTs to the endpoint: only a browser push service's, never an address a member picks.
  if (typeof input.token !== 'string' && !isPushServiceEndpoint(input.token.endpoint, push.webPushHosts)) {
    throw problems.badRequest('Endpoint must be on a browser push service.', [{ field: 'token.endpoint', message: 'Endpoint must be on a browser push service.' }]);
  }
  const token = typeof input.token === 'string' ? input.token : JSON.stringify({ endpoint: input.token.endpoint, keys: { p256dh: input.token.keys.p256dh, auth: input.token.keys.auth } });
  const device = await registerDeviceRow(db, { memberId: member.memberId, sessionId: member.sessionId, platform: input.platform, token, appVersion: input.appVersion }, now);
  await dropOldestDevices(db, member.memberId, MAX_DEVICES_PER_MEMBER);
  return toDeviceDto(device);
}

export async function devicesOf(db: Database, memberId: number): Promise<Device[]> {
  return (await listDevices(db, memberId)).map(toDeviceDto);
}

/** Unregisters one of the member's devices; another member's, or none, is 404 (not revealed). */
export async function unregisterDevice(db: Database, memberId: number, id: number | null): Promise<void> {
  if (id === null || !(await deleteDevice(db, id, memberId))) throw problems.notFound('You have no device with this id.');
}
