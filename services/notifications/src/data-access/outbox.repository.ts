import { literal, Op, QueryTypes, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { NotificationChannel, NotificationKind, NotificationObjectType } from '@vouch/contracts';
import { notificationsModels } from './models';

/** One event for one member, as the outbox holds it (written in the event's transaction). */
export interface NotificationRecord {
  id: number;
  memberId: number;
  activityId: number | null;
  kind: NotificationKind;
  /** Null only for notifications the issue 29 push outbox held when it was migrated. */
  objectType: NotificationObjectType | null;
  objectId: number | null;
  link: string;
  title: string;
  body: string;
  /** The text message without its link; null when this event sends no text. */
  textBody: string | null;
  createdAt: Date;
}

export type NewNotification = Omit<NotificationRecord, 'id'>;

/** One channel (and device) of one notification: what the worker sends and retries. */
export interface DeliveryRecord {
  id: number;
  notificationId: number;
  memberId: number;
  channel: NotificationChannel;
  /** The device of a push; 0 for a text. */
  deviceId: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

function toNotification(row: Model): NotificationRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    memberId: Number(r.memberId),
    activityId: r.activityId === null || r.activityId === undefined ? null : Number(r.activityId),
    kind: r.kind as NotificationKind,
    objectType: (r.objectType as NotificationObjectType | null) ?? null,
    objectId: r.objectId === null || r.objectId === undefined ? null : Number(r.objectId),
    link: String(r.link),
    title: String(r.title),
    body: String(r.body),
    textBody: (r.textBody as string | null) ?? null,
    createdAt: new Date(r.createdAt as string | Date),
  };
}

function toDelivery(row: Model): DeliveryRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    notificationId: Number(r.notificationId),
    memberId: Number(r.memberId),
    channel: r.channel as NotificationChannel,
    deviceId: Number(r.deviceId),
    status: r.status as DeliveryRecord['status'],
    attempts: Number(r.attempts),
    nextAttemptAt: new Date(r.nextAttemptAt as string | Date),
    lastError: (r.lastError as string | null) ?? null,
  };
}

/** The event's outbox row, in the event's transaction: it exists if and only if the event does. */
export async function insertNotification(db: Database, t: Transaction, notification: NewNotification): Promise<number> {
  const row = await notificationsModels(db.sequelize).Notification.create({ ...notification, status: 'pending' }, { transaction: t });
  return Number(row.get('id'));
}

/**
 * Takes up to `limit` notifications not fanned out yet, oldest first, for `t`: on MariaDB/MySQL
 * they are locked (FOR UPDATE SKIP LOCKED: rows another worker's fan-out holds are passed over,
 * not waited for); on SQLite `t` is the one writer (BEGIN IMMEDIATE), so nobody else reads them
 * as pending before `t` marks them fanned.
 */
/**
 * Whether any notification waits to be fanned out, read without a transaction: an idle outbox
 * costs the worker's pass one indexed read, not a write transaction (on SQLite, BEGIN IMMEDIATE
 * takes the one writer's lock from the gateway's writes, twice a second).
 */
export async function anyPendingNotification(db: Database): Promise<boolean> {
  return (await notificationsModels(db.sequelize).Notification.findOne({ attributes: ['id'], where: { status: 'pending' } })) !== null;
}

export async function takePendingNotifications(db: Database, t: Transaction, limit: number): Promise<NotificationRecord[]> {
  const rows = await notificationsModels(db.sequelize).Notification.findAll({ where: { status: 'pending' }, order: [['id', 'ASC']], limit, transaction: t, lock: t.LOCK.UPDATE, skipLocked: true });
  return rows.map(toNotification);
}

/** The notifications `takePendingNotifications` took are fanned out (in the same transaction as their deliveries). */
export async function markFanned(db: Database, t: Transaction, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await notificationsModels(db.sequelize).Notification.update({ status: 'fanned' }, { where: { id: [...ids], status: 'pending' }, transaction: t });
}

/** The deliveries of many notifications (one fan-out batch), pending and due at once: one INSERT. */
export async function insertDeliveryRows(db: Database, t: Transaction, rows: ReadonlyArray<{ notificationId: number; memberId: number; channel: NotificationChannel; deviceId: number }>, now: Date): Promise<void> {
  if (rows.length === 0) return;
  await notificationsModels(db.sequelize).Delivery.bulkCreate(
    rows.map((row) => ({ ...row, status: 'pending', attempts: 0, nextAttemptAt: now, createdAt: now })),
    { transaction: t },
  );
}

/** A claimed delivery with its notification (null when the notification is gone). */
export type ClaimedDelivery = DeliveryRecord & { notification: NotificationRecord | null };

/**
 * Claims up to `limit` due deliveries, oldest first, for the batch named `claim`: each is counted
 * as an attempt and hidden until `until` (the lease: a worker that dies mid-batch leaves them to
 * whoever passes after it). The choice and the claim are one short transaction: on MariaDB/MySQL
 * the rows are chosen FOR UPDATE SKIP LOCKED, so two workers claiming at once take different rows
 * without waiting for each other; on SQLite the transaction is the one writer. The UPDATE is also
 * conditional on the row still being pending and due, so no row is ever in two claims at once.
 */
export async function claimDueDeliveries(db: Database, claim: string, now: Date, until: Date, limit: number): Promise<ClaimedDelivery[]> {
  const { Delivery, Notification } = notificationsModels(db.sequelize);
  // Nothing due (the usual pass): one indexed read, and no write transaction (see anyPendingNotification).
  const due = { status: 'pending', nextAttemptAt: { [Op.lte]: now } };
  if ((await Delivery.findOne({ attributes: ['id'], where: due })) === null) return [];
  const ids = await db.transaction(async (t) => {
    const due = await Delivery.findAll({
      attributes: ['id'],
      where: { status: 'pending', nextAttemptAt: { [Op.lte]: now } },
      order: [['nextAttemptAt', 'ASC'], ['id', 'ASC']],
      limit,
      transaction: t,
      lock: t.LOCK.UPDATE,
      skipLocked: true,
    });
    if (due.length === 0) return [];
    const chosen = due.map((row) => Number(row.get('id')));
    await Delivery.update({ attempts: literal('attempts + 1'), nextAttemptAt: until, claim }, { where: { id: chosen, status: 'pending', nextAttemptAt: { [Op.lte]: now } }, transaction: t });
    return chosen;
  });
  if (ids.length === 0) return [];
  const deliveries = (await Delivery.findAll({ where: { id: ids, claim }, order: [['id', 'ASC']] })).map(toDelivery);
  const notificationIds = [...new Set(deliveries.map((d) => d.notificationId))];
  const notifications = new Map((await Notification.findAll({ where: { id: notificationIds } })).map((row) => [Number(row.get('id')), toNotification(row)]));
  return deliveries.map((delivery) => ({ ...delivery, notification: notifications.get(delivery.notificationId) ?? null }));
}

/** One statement's worth of finished deliveries of a claim: the same change for each. */
export type DeliveryChange = { status: 'sent' } | { status: 'pending'; at: Date; error: string } | { status: 'failed'; error: string };

/**
 * Writes what became of a claim's deliveries: `ids` sent, rescheduled (another attempt at `at`)
 * or given up on (`failed`, kept for an operator). Only rows still held by `claim`: a row whose
 * lease lapsed and that another worker claimed is that worker's to write.
 */
export async function finishDeliveries(db: Database, claim: string, ids: readonly number[], change: DeliveryChange, now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const values =
    change.status === 'sent'
      ? { status: 'sent', sentAt: now, lastError: null, claim: null }
      : change.status === 'pending'
        ? { nextAttemptAt: change.at, lastError: change.error.slice(0, 500), claim: null }
        : { status: 'failed', lastError: change.error.slice(0, 500), claim: null };
  const [changed] = await notificationsModels(db.sequelize).Delivery.update(values, { where: { id: [...ids], claim, status: 'pending' } });
  return changed;
}

/**
 * Hands back a claim's deliveries that were not attempted (the worker is stopping, or their lease
 * ran short): due at once again, their attempt not counted.
 */
export async function releaseDeliveries(db: Database, claim: string, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const [released] = await notificationsModels(db.sequelize).Delivery.update(
    { attempts: literal('attempts - 1'), nextAttemptAt: now, claim: null },
    { where: { id: [...ids], claim, status: 'pending' } },
  );
  return released;
}

/** Sent and failed deliveries, and fanned-out notifications, written before `before` go. */
export async function purgeDelivered(db: Database, before: Date): Promise<void> {
  const { Delivery, Notification } = notificationsModels(db.sequelize);
  await Delivery.destroy({ where: { status: { [Op.in]: ['sent', 'failed'] }, createdAt: { [Op.lt]: before } } });
  await Notification.destroy({ where: { status: 'fanned', createdAt: { [Op.lt]: before }, id: { [Op.notIn]: db.sequelize.literal("(SELECT notification_id FROM notification_deliveries WHERE status = 'pending')") } } });
}

/** Counts of waiting work stop here: a probe's cost must not grow with a backlog. */
export const OUTBOX_LAG_COUNT_CAP = 10_000;

/**
 * What waits for the worker, read from the outbox's indexes only (GET /api/health/worker, a public
 * probe, and the tests that wait for the outbox to drain: its cost stays flat however large a backlog grows): pending notifications and deliveries,
 * counted up to OUTBOX_LAG_COUNT_CAP; the oldest pending notification (the first pending id) and
 * the longest-due pending delivery (a delivery waiting out a retry pause is not late yet).
 */
export async function outboxLag(db: Database): Promise<{ notifications: number; deliveries: number; waitingSince: Date | null }> {
  const cap = OUTBOX_LAG_COUNT_CAP;
  const [row] = await db.sequelize.query<{ notifications: number | string; deliveries: number | string; oldestNotification: string | Date | null; oldestDue: string | Date | null }>(
    `SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM notifications WHERE status = 'pending' LIMIT ${cap}) AS n) AS notifications,
            (SELECT COUNT(*) FROM (SELECT 1 FROM notification_deliveries WHERE status = 'pending' LIMIT ${cap}) AS d) AS deliveries,
            (SELECT created_at FROM notifications WHERE status = 'pending' ORDER BY id LIMIT 1) AS oldestNotification,
            (SELECT next_attempt_at FROM notification_deliveries WHERE status = 'pending' ORDER BY next_attempt_at LIMIT 1) AS oldestDue`,
    { type: QueryTypes.SELECT },
  );
  const times = [row?.oldestNotification, row?.oldestDue].filter((d): d is string | Date => d !== null && d !== undefined).map((d) => new Date(d).getTime());
  return { notifications: Number(row?.notifications ?? 0), deliveries: Number(row?.deliveries ?? 0), waitingSince: times.length ? new Date(Math.min(...times)) : null };
}

/** A member's deliveries with their notification (tests, and what an operator reads). */
export async function listDeliveriesOf(db: Database, memberId: number): Promise<Array<DeliveryRecord & { notification: NotificationRecord }>> {
  const { Delivery, Notification } = notificationsModels(db.sequelize);
  const deliveries = (await Delivery.findAll({ where: { memberId }, order: [['id', 'ASC']] })).map(toDelivery);
  const notifications = new Map((await Notification.findAll({ where: { id: { [Op.in]: [...new Set(deliveries.map((d) => d.notificationId))] } } })).map((row) => [Number(row.get('id')), toNotification(row)]));
  return deliveries.flatMap((delivery) => {
    const notification = notifications.get(delivery.notificationId);
    return notification ? [{ ...delivery, notification }] : [];
  });
}

/** A member's outbox rows (tests: what an event wrote). */
export async function listNotificationsOf(db: Database, memberId: number): Promise<NotificationRecord[]> {
  const rows = await notificationsModels(db.sequelize).Notification.findAll({ where: { memberId }, order: [['id', 'ASC']] });
  return rows.map(toNotification);
}

/** Everything queued for a member goes (account deletion), or for one device (it was removed). */
export async function deleteQueuedFor(db: Database, t: Transaction, where: { memberId: number } | { deviceId: number }): Promise<void> {
  const { Delivery, Notification } = notificationsModels(db.sequelize);
  if ('deviceId' in where) {
    await Delivery.destroy({ where: { deviceId: where.deviceId, channel: 'push', status: 'pending' }, transaction: t });
    return;
  }
  await Delivery.destroy({ where: { memberId: where.memberId }, transaction: t });
  await Notification.destroy({ where: { memberId: where.memberId }, transaction: t });
}
