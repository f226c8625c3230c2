// The worker's side (issue 40): fans outbox rows out to the members' channels, then delivers each
// channel with retries and backoff. Runs in the worker process only (src/worker.ts); any number of
// workers may run it at once. Both steps go by batches (the launch's outbox backlog): a batch of
// notifications is fanned out in one transaction; a batch of deliveries is claimed in one
// statement under a lease, sent side by side (a bounded number per channel, one lane per phone or
// device), and marked in a few statements (delivery-batch.ts has the rules).
import { randomBytes } from 'node:crypto';
import type { Database, Logger } from '@vouch/service-core';
import { getMembers, liveSessionIds, type Member } from '@vouch/service-auth';
import type { NotificationChannel, PushMessage } from '@vouch/contracts';
import { listPreferencesOf, type PreferenceRow } from '../data-access/preference.repository';
import { deleteDevice, findDevices, listDevicesOf, type DeviceRecord } from '../data-access/device.repository';
import {
  claimDueDeliveries,
  finishDeliveries,
  insertDeliveryRows,
  markFanned,
  purgeDelivered,
  releaseDeliveries,
  takePendingNotifications,
  anyPendingNotification,
  type ClaimedDelivery,
  type DeliveryChange,
  type NotificationRecord,
} from '../data-access/outbox.repository';
import type { PushSenders } from '../delivery/push-sender';
import type { TextSender } from '../delivery/text-sender';
import { unreadActivityCount } from './activity';
import { changeAfter, coalescingWriter, groupChanges, mayStart, passAgainAtOnce, runLanes, sendLanes, type AttemptResult, type BatchOptions } from './delivery-batch';
import { preferencesFrom, setTextsStopped } from './preferences.use-case';
import { textWithLink } from './text-message';

export { retryDelayMs } from './delivery-batch';

export type DeliveryOptions = BatchOptions;

export const DEFAULT_DELIVERY_OPTIONS: DeliveryOptions = { maxAttempts: 6, retryBaseMs: 30_000, claimMs: 30_000, sendMs: 12_000, batch: 100, concurrency: { text: 8, push: 16 } };

/** The channels this worker sends through: a text sender (none: texts are off) and the push senders of the platforms that are on. */
export interface DeliveryChannels {
  text: TextSender | null;
  push: PushSenders;
  /** PUBLIC_URL without its trailing slash: a text's link and a push's universal link are built on it. */
  publicUrl: string;
}

export interface DeliveryReport {
  /** Outbox rows fanned out to their channels. */
  fanned: number;
  sent: number;
  retried: number;
  failed: number;
  /** Devices removed: the push service called the token invalid, or its session ended. */
  pruned: number;
  /** Claimed rows handed back unsent (the worker is stopping, or their lease ran short). */
  released: number;
  /** A batch was full: more is waiting, so the next pass should come at once. */
  more: boolean;
}

/** Delivered and failed rows are kept this long for an operator to read, then purged. */
const KEPT_MS = 7 * 24 * 3_600_000;
/** The purge runs at most this often per database (a pass comes every WORKER_POLL_MS). */
const PURGE_EVERY_MS = 60_000;
const lastPurge = new WeakMap<Database, number>();

/**
 * The deliveries of one notification: a text when the member wants this kind by text, the event
 * has a text, and texts are on here; a push to each of their devices when they want it by push
 * and the device's platform is on here. Read at fan-out, so a choice made after the event holds.
 */
function deliveryTargets(channels: DeliveryChannels, notification: NotificationRecord, preferences: readonly PreferenceRow[], devices: readonly DeviceRecord[]): Array<{ channel: NotificationChannel; deviceId: number }> {
  const wanted = preferencesFrom(preferences)[notification.kind];
  const targets: Array<{ channel: NotificationChannel; deviceId: number }> = [];
  if (wanted?.text && notification.textBody && channels.text) targets.push({ channel: 'text', deviceId: 0 });
  if (wanted?.push) for (const device of devices) if (channels.push[device.platform]) targets.push({ channel: 'push', deviceId: device.id });
  return targets;
}

/**
 * Fans out a batch of pending outbox rows in one transaction: taken (locked, or the one writer on
 * SQLite), their members' choices and devices read, every delivery written in one INSERT, marked
 * fanned. However many workers run, a notification gets one set of deliveries (and the unique
 * index on notification, channel and device makes a second impossible). Answers how many.
 */
async function fanOut(db: Database, channels: DeliveryChannels, options: DeliveryOptions, now: () => Date): Promise<number> {
  if (!(await anyPendingNotification(db))) return 0;
  return db.transaction(async (t) => {
    const pending = await takePendingNotifications(db, t, options.batch);
    if (pending.length === 0) return 0;
    const memberIds = pending.map((n) => n.memberId);
    const preferences = await listPreferencesOf(db, memberIds, t);
    const devices = await listDevicesOf(db, memberIds, t);
    const rows = pending.flatMap((n) => deliveryTargets(channels, n, preferences.get(n.memberId) ?? [], devices.get(n.memberId) ?? []).map((target) => ({ notificationId: n.id, memberId: n.memberId, ...target })));
    await insertDeliveryRows(db, t, rows, now());
    await markFanned(db, t, pending.map((n) => n.id));
    return pending.length;
  });
}

/** The push message of a notification for its member now: the unread count is the badge. */
async function pushMessageOf(db: Database, channels: DeliveryChannels, notification: NotificationRecord): Promise<PushMessage> {
  const { kind, title, body, link, objectType, objectId, activityId } = notification;
  return {
    kind,
    title,
    body,
    link,
    url: `${channels.publicUrl}${link}`,
    objectType,
    objectId,
    activityId,
    badge: await unreadActivityCount(db, notification.memberId),
    collapseId: objectType ? `${objectType}-${objectId}` : `${kind}-${notification.id}`,
  };
}

/** What one batch's sends read once, instead of once per row. */
interface BatchContext {
  /** The members of the batch's texts (absent: the account is gone). */
  members: Map<number, Member>;
  /** The devices of the batch's pushes (absent: removed). */
  devices: Map<number, DeviceRecord>;
  /** Which of those devices' sessions are still live. */
  liveSessions: Set<string>;
  /** Members whose text Twilio refused in this batch because they replied STOP: their other texts are not sent. */
  optedOut: Set<number>;
}

async function batchContext(db: Database, rows: readonly ClaimedDelivery[]): Promise<BatchContext> {
  const textMembers = [...new Set(rows.filter((row) => row.channel === 'text').map((row) => row.memberId))];
  const members = new Map((textMembers.length ? await getMembers(db, textMembers) : []).map((member) => [member.id, member]));
  const devices = await findDevices(db, rows.filter((row) => row.channel === 'push').map((row) => row.deviceId));
  const sessions = [...devices.values()].flatMap((device) => (device.sessionId === null ? [] : [device.sessionId]));
  const liveSessions = sessions.length ? await liveSessionIds(db, sessions) : new Set<string>();
  return { members, devices, liveSessions, optedOut: new Set() };
}

async function sendText(db: Database, channels: DeliveryChannels, context: BatchContext, delivery: ClaimedDelivery, logger: Pick<Logger, 'info'>): Promise<AttemptResult> {
  const { notification } = delivery;
  const member = context.members.get(delivery.memberId);
  if (!notification || !member || !notification.textBody) return { result: 'dropped', pruned: false };
  if (!channels.text) return { result: 'failed', error: 'Texts are off on this server.' };
  if (context.optedOut.has(member.id)) return { result: 'failed', error: 'The member replied STOP: texts to them are off.' };
  const outcome = await channels.text.send(member.phone, textWithLink(notification.textBody, `${channels.publicUrl}${notification.link}`));
  if (outcome.result === 'sent') return outcome;
  if (outcome.result !== 'opted-out') return { result: outcome.result, error: outcome.error };
  // They replied STOP to one of our texts: no more texts to them until they say START or turn some back on.
  context.optedOut.add(member.id);
  await setTextsStopped(db, member.id, true);
  logger.info({ memberId: member.id }, 'a member opted out of texts (STOP); their text preferences are off');
  return { result: 'failed', error: outcome.error };
}

async function sendPush(db: Database, channels: DeliveryChannels, context: BatchContext, delivery: ClaimedDelivery): Promise<AttemptResult> {
  const { notification } = delivery;
  const device = context.devices.get(delivery.deviceId);
  if (!notification || !device || device.memberId !== notification.memberId) return { result: 'dropped', pruned: false };
  // A phone signed out (or whose session expired) no longer gets this member's notifications.
  if (device.sessionId !== null && !context.liveSessions.has(device.sessionId)) {
    context.devices.delete(device.id);
    await deleteDevice(db, device.id);
    return { result: 'dropped', pruned: true };
  }
  const sender = channels.push[device.platform];
  if (!sender) return { result: 'failed', error: `Push for ${device.platform} is off on this server.` };
  const outcome = await sender.send(device, await pushMessageOf(db, channels, notification));
  if (outcome.result === 'sent') return outcome;
  if (outcome.result !== 'invalid-token') return { result: outcome.result, error: outcome.error };
  context.devices.delete(device.id);
  await deleteDevice(db, device.id);
  return { result: 'dropped', pruned: true };
}

/** One attempt; an unexpected error (the database, a sender that threw) is a transient failure, retried after its backoff. */
async function attempt(db: Database, channels: DeliveryChannels, context: BatchContext, delivery: ClaimedDelivery, logger: Pick<Logger, 'info'>): Promise<AttemptResult> {
  try {
    return delivery.channel === 'text' ? await sendText(db, channels, context, delivery, logger) : await sendPush(db, channels, context, delivery);
  } catch (error) {
    return { result: 'retry', error: error instanceof Error ? error.message : String(error) };
  }
}

function count(report: DeliveryReport, result: AttemptResult, change: DeliveryChange): void {
  if (result.result === 'sent') report.sent += 1;
  else if (result.result === 'dropped') report.pruned += result.pruned ? 1 : 0;
  else if (change.status === 'pending') report.retried += 1;
  else report.failed += 1;
}

/** A claimed batch: its name, when it was claimed (its lease runs from then), its rows. */
interface Claimed {
  claim: string;
  claimedAtMs: number;
  rows: ClaimedDelivery[];
}

/**
 * Sends a claimed batch: lanes side by side up to each channel's concurrency, each outcome written
 * as it comes (coalesced into few statements). A row is started only while the worker is not
 * stopping and its lease has room for a send; the others are released for the next pass.
 */
async function sendBatch(db: Database, channels: DeliveryChannels, options: DeliveryOptions, claimed: Claimed, now: () => Date, logger: Pick<Logger, 'info'>, report: DeliveryReport, stop?: AbortSignal): Promise<void> {
  const context = await batchContext(db, claimed.rows);
  const writer = coalescingWriter<{ id: number; change: DeliveryChange }>(async (finished) => {
    for (const group of groupChanges(finished)) await finishDeliveries(db, claimed.claim, group.ids, group.change, now());
  });
  const unstarted: number[] = [];
  await runLanes(
    sendLanes(claimed.rows),
    options.concurrency,
    async (delivery) => {
      if (stop?.aborted || !mayStart(claimed.claimedAtMs, now().getTime(), options)) {
        unstarted.push(delivery.id);
        return false;
      }
      const result = await attempt(db, channels, context, delivery, logger);
      // The claim counted this attempt already.
      const change = changeAfter(result, delivery.attempts, now().getTime(), options);
      count(report, result, change);
      writer.add({ id: delivery.id, change });
      return true;
    },
    (rest) => unstarted.push(...rest.map((row) => row.id)),
  );
  await writer.drained();
  report.released += await releaseDeliveries(db, claimed.claim, unstarted, now());
}

/**
 * One pass: fans out a batch of what was queued, then claims a batch of due deliveries and sends
 * them (one worker per attempt, however many run): a sent one is kept as sent; a transient failure
 * retries after retryDelayMs, until maxAttempts; a lasting one is kept as failed with its error;
 * one whose member, device or session is gone is dropped. `stop` (the worker's SIGTERM): no new
 * send starts, the claimed rows not started are released, the sends in flight finish and are kept.
 * `more` says a batch was full and the next pass should come at once.
 */
export async function deliverDueNotifications(
  db: Database,
  channels: DeliveryChannels,
  options: DeliveryOptions = DEFAULT_DELIVERY_OPTIONS,
  now: () => Date = () => new Date(),
  logger: Pick<Logger, 'info'> = { info: () => {} },
  stop?: AbortSignal,
): Promise<DeliveryReport> {
  const report: DeliveryReport = { fanned: 0, sent: 0, retried: 0, failed: 0, pruned: 0, released: 0, more: false };
  if (stop?.aborted) return report;
  report.fanned = await fanOut(db, channels, options, now);
  const claim = randomBytes(12).toString('hex');
  const claimedAtMs = now().getTime();
  const rows = await claimDueDeliveries(db, claim, new Date(claimedAtMs), new Date(claimedAtMs + options.claimMs), options.batch);
  if (rows.length > 0) await sendBatch(db, channels, options, { claim, claimedAtMs, rows }, now, logger, report, stop);
  report.more = passAgainAtOnce({ fanned: report.fanned, claimed: rows.length }, options.batch);
  const at = now().getTime();
  if (!report.more && at - (lastPurge.get(db) ?? 0) >= PURGE_EVERY_MS) {
    lastPurge.set(db, at);
    await purgeDelivered(db, new Date(at - KEPT_MS));
  }
  return report;
}
