import { Op, QueryTypes, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { NotificationKind, PushMessage } from '@vouch/contracts';
import { notificationsModels } from './models';

export interface OutboxRow extends PushMessage {
  id: number;
  memberId: number;
  deviceId: number;
  attempts: number;
  nextAttemptAt: Date;
}

function toOutboxRow(row: Model): OutboxRow {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    memberId: Number(r.memberId),
    deviceId: Number(r.deviceId),
    kind: r.kind as NotificationKind,
    title: String(r.title),
    body: String(r.body),
    link: String(r.link),
    attempts: Number(r.attempts),
    nextAttemptAt: new Date(r.nextAttemptAt as string | Date),
  };
}

/**
 * One pending row per device of the member, unless they turned the kind off: one statement in
 * the caller's transaction, so the notification exists if and only if the event does.
 */
export async function insertOutboxRows(db: Database, t: Transaction, memberId: number, message: PushMessage, now: Date): Promise<void> {
  await db.sequelize.query(
    `INSERT INTO push_outbox (member_id, device_id, kind, title, body, link, status, attempts, next_attempt_at, created_at)
     SELECT d.member_id, d.id, :kind, :title, :body, :link, 'pending', 0, :now, :now FROM devices d
     WHERE d.member_id = :memberId
       AND NOT EXISTS (SELECT 1 FROM notification_opt_outs o WHERE o.member_id = d.member_id AND o.kind = :kind)`,
    { replacements: { memberId, kind: message.kind, title: message.title, body: message.body, link: message.link, now }, type: QueryTypes.INSERT, transaction: t },
  );
}

/** Pending rows whose time has come, oldest first. */
export async function dueOutboxRows(db: Database, now: Date, limit: number): Promise<OutboxRow[]> {
  const rows = await notificationsModels(db.sequelize).Outbox.findAll({
    where: { status: 'pending', nextAttemptAt: { [Op.lte]: now } },
    order: [['nextAttemptAt', 'ASC'], ['id', 'ASC']],
    limit,
  });
  return rows.map(toOutboxRow);
}

/**
 * Takes the row for one attempt: counts it and hides it until `until` (a worker that dies
 * mid-send leaves it to be retried then). A conditional update, so of several workers that
 * read the row only one gets it.
 */
export async function claimOutboxRow(db: Database, row: OutboxRow, until: Date): Promise<boolean> {
  const [claimed] = await notificationsModels(db.sequelize).Outbox.update(
    { attempts: row.attempts + 1, nextAttemptAt: until },
    { where: { id: row.id, status: 'pending', attempts: row.attempts } },
  );
  return claimed === 1;
}

export async function deleteOutboxRow(db: Database, id: number): Promise<void> {
  await notificationsModels(db.sequelize).Outbox.destroy({ where: { id } });
}

/** Another attempt at `at`, or none (`failed`), with what went wrong. */
export async function rescheduleOutboxRow(db: Database, id: number, change: { at: Date | null; error: string }): Promise<void> {
  await notificationsModels(db.sequelize).Outbox.update(
    change.at ? { nextAttemptAt: change.at, lastError: change.error.slice(0, 500) } : { status: 'failed', lastError: change.error.slice(0, 500) },
    { where: { id } },
  );
}

/** Failed rows older than `before` go: they are kept only for an operator to look at. */
export async function purgeFailedOutboxRows(db: Database, before: Date): Promise<number> {
  return notificationsModels(db.sequelize).Outbox.destroy({ where: { status: 'failed', createdAt: { [Op.lt]: before } } });
}

/** Every outbox row of the member (tests and the export read them through the domain). */
export async function listOutboxRows(db: Database, memberId: number): Promise<Array<OutboxRow & { status: string; lastError: string | null }>> {
  const rows = await notificationsModels(db.sequelize).Outbox.findAll({ where: { memberId }, order: [['id', 'ASC']] });
  return rows.map((row) => ({ ...toOutboxRow(row), status: String(row.get('status')), lastError: (row.get('lastError') as string | null) ?? null }));
}
