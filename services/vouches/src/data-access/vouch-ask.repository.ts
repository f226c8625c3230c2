import { Model, Op, type Transaction, type WhereOptions } from 'sequelize';
import { keysetAfter, type Database, type PageRequest } from '@vouch/service-core';
import type { VouchAskBox, VouchAskStatus } from '@vouch/contracts';
import { vouchesModels } from './models';

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
}
