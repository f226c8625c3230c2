import { Model, Op, type Transaction, type WhereOptions } from 'sequelize';
import { keysetAfter, type Database, type PageRequest } from '@vouch/service-core';
import type { VouchAskBox, VouchAskStatus } from '@vouch/contracts';
import { vouchesModels } from '../../../data-access/models';

/** A vouch_asks row as the domain sees it. */
export interface VouchAskRecord {
  id: number;
  askerId: number;
  askedId: number;
  status: VouchAskStatus;
  message: string | null;
  createdAt: Date;
  answeredAt: Date | null;
  updatedAt: Date;
}

const date = (value: unknown): Date => new Date(value as string | Date);

function toRecord(row: Model | Record<string, unknown>): VouchAskRecord {
  const r = (row instanceof Model ? row.get({ plain: true }) : row) as Record<string, unknown>;
  return {
    id: Number(r.id),
    askerId: Number(r.askerId),
    askedId: Number(r.askedId),
    status: r.status as VouchAskStatus,
    message: r.message === null || r.message === undefined ? null : String(r.message),
    createdAt: date(r.createdAt),
    answeredAt: r.answeredAt ? date(r.answeredAt) : null,
    updatedAt: date(r.updatedAt),
  };
}

/** The key an open ask holds (unique): one open ask per asker and asked member. */
export const openAskKey = (askerId: number, askedId: number): string => `${askerId}:${askedId}`;

/** Inserts an open ask. A second open ask of the same pair is a UniqueConstraintError. */
export async function insertOpenAsk(db: Database, t: Transaction, input: { askerId: number; askedId: number; message: string | null; now: Date }): Promise<VouchAskRecord> {
  const row = await vouchesModels(db.sequelize).VouchAsk.create(
    { askerId: input.askerId, askedId: input.askedId, message: input.message, status: 'open', openKey: openAskKey(input.askerId, input.askedId), createdAt: input.now, updatedAt: input.now },
    { transaction: t },
  );
  return toRecord(row);
}

/** The id of the open ask of this pair, or null (read after a duplicate insert lost). */
export async function findOpenAskId(db: Database, askerId: number, askedId: number): Promise<number | null> {
  const row = await vouchesModels(db.sequelize).VouchAsk.findOne({ where: { openKey: openAskKey(askerId, askedId) }, attributes: ['id'], raw: true });
  return row ? Number((row as unknown as { id: number }).id) : null;
}

export async function findAskById(db: Database, id: number, t?: Transaction): Promise<VouchAskRecord | null> {
  const row = await vouchesModels(db.sequelize).VouchAsk.findByPk(id, { transaction: t, raw: true });
  return row ? toRecord(row as unknown as Record<string, unknown>) : null;
}

/**
 * Moves an open ask to `status` (declined by the asked member, or fulfilled by their vouch) and
 * frees its key. A conditional UPDATE: of concurrent answers exactly one changes the row.
 */
export async function answerOpenAsk(db: Database, t: Transaction, where: { id: number } | { askerId: number; askedId: number }, status: Exclude<VouchAskStatus, 'open'>, now: Date): Promise<number> {
  const match = 'id' in where ? { id: where.id } : { openKey: openAskKey(where.askerId, where.askedId) };
  const [affected] = await vouchesModels(db.sequelize).VouchAsk.update({ status, openKey: null, answeredAt: now, updatedAt: now }, { where: { ...match, status: 'open' }, transaction: t });
  return affected;
}

/** Vouching for a member answers their open ask of the voucher, if there is one. */
export function fulfilOpenAsk(db: Database, t: Transaction, input: { askerId: number; askedId: number; now: Date }): Promise<number> {
  return answerOpenAsk(db, t, { askerId: input.askerId, askedId: input.askedId }, 'fulfilled', input.now);
}

/** One page (limit + 1 rows) of the asks made of (`received`) or by (`sent`) the member, newest first; only those with `otherId` when given. */
export async function listAsks(db: Database, memberId: number, box: VouchAskBox, otherId: number | null, page: PageRequest): Promise<VouchAskRecord[]> {
  const mine: WhereOptions = box === 'received' ? { askedId: memberId } : { askerId: memberId };
  const other: WhereOptions = otherId === null ? {} : box === 'received' ? { askerId: otherId } : { askedId: otherId };
  const rows = await vouchesModels(db.sequelize).VouchAsk.findAll({
    where: { [Op.and]: [mine, other, keysetAfter(page.after, 'createdAt')] },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
    limit: page.limit + 1,
    raw: true,
  });
  return rows.map((row) => toRecord(row as unknown as Record<string, unknown>));
}

/** Every ask the member made or received (their data export). */
export async function listAllAsksOf(db: Database, memberId: number, t?: Transaction): Promise<VouchAskRecord[]> {
  const rows = await vouchesModels(db.sequelize).VouchAsk.findAll({ where: { [Op.or]: [{ askerId: memberId }, { askedId: memberId }] }, order: [['id', 'ASC']], transaction: t, raw: true });
  return rows.map((row) => toRecord(row as unknown as Record<string, unknown>));
}

/** The member's asks, either side, go with their account. */
export async function deleteAsksOf(db: Database, t: Transaction, memberId: number): Promise<void> {
  await vouchesModels(db.sequelize).VouchAsk.destroy({ where: { [Op.or]: [{ askerId: memberId }, { askedId: memberId }] }, transaction: t });
  await db.sequelize.query('DELETE FROM vouch_ask_blocks WHERE member_id = ? OR blocked_member_id = ?', { replacements: [memberId, memberId], transaction: t });
}

/** When the asked member last declined an ask of this asker (null: never). */
export async function lastDeclinedAt(db: Database, askerId: number, askedId: number, t?: Transaction): Promise<Date | null> {
  const [row] = await db.select<{ at: string | Date | null }>(
    "SELECT MAX(answered_at) AS at FROM vouch_asks WHERE asker_id = :askerId AND asked_id = :askedId AND status = 'declined'",
    { askerId, askedId },
    t,
  );
  return row?.at ? new Date(row.at) : null;
}

/** The times of the asks made of `askedId` since `since`, by anyone, oldest first. */
export async function askTimesOf(db: Database, askedId: number, since: Date, t?: Transaction): Promise<Date[]> {
  const rows = await db.select<{ at: string | Date }>('SELECT created_at AS at FROM vouch_asks WHERE asked_id = :askedId AND created_at >= :since ORDER BY created_at', { askedId, since }, t);
  return rows.map((row) => new Date(row.at));
}

/** Whether `memberId` refuses asks from `otherId`. */
export async function isAskBlocked(db: Database, memberId: number, otherId: number, t?: Transaction): Promise<boolean> {
  const rows = await db.select<{ one: number }>('SELECT 1 AS one FROM vouch_ask_blocks WHERE member_id = :memberId AND blocked_member_id = :otherId', { memberId, otherId }, t);
  return rows.length > 0;
}

/** `memberId` refuses asks from `otherId` from now on (already so: nothing changes). */
export async function blockAsks(db: Database, t: Transaction, memberId: number, otherId: number, now: Date): Promise<void> {
  const sql =
    db.dialect === 'mysql'
      ? 'INSERT IGNORE INTO vouch_ask_blocks (member_id, blocked_member_id, created_at) VALUES (?, ?, ?)'
      : 'INSERT OR IGNORE INTO vouch_ask_blocks (member_id, blocked_member_id, created_at) VALUES (?, ?, ?)';
  await db.sequelize.query(sql, { replacements: [memberId, otherId, now], transaction: t });
}

/** Takes a block back; false when there was none. */
export async function unblockAsks(db: Database, memberId: number, otherId: number): Promise<boolean> {
  if (!(await isAskBlocked(db, memberId, otherId))) return false;
  await db.sequelize.query('DELETE FROM vouch_ask_blocks WHERE member_id = ? AND blocked_member_id = ?', { replacements: [memberId, otherId] });
  return true;
}

/** The members `memberId` refuses asks from, newest block first. */
export async function listAskBlocks(db: Database, memberId: number): Promise<Array<{ memberId: number; createdAt: Date }>> {
  const rows = await db.select<{ id: number | string; at: string | Date }>('SELECT blocked_member_id AS id, created_at AS at FROM vouch_ask_blocks WHERE member_id = :memberId ORDER BY created_at DESC', { memberId });
  return rows.map((row) => ({ memberId: Number(row.id), createdAt: new Date(row.at) }));
}
