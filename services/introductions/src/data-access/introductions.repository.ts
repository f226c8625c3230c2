import { Op, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { IntroductionStatus } from '@vouch/contracts';
import { introductionsModels } from './models';

/** A stored introduction; `status` as written (an awaiting row past expiresAt reads as expired: see domain/introduction-state). */
export interface IntroductionRecord {
  id: number;
  suggestionId: number;
  requestId: number;
  requesterId: number;
  targetId: number;
  connectorId: number;
  status: Exclude<IntroductionStatus, 'expired'>;
  createdAt: Date;
  expiresAt: Date;
  answeredAt: Date | null;
}

const date = (value: unknown): Date => new Date(value as string | Date);

function toIntroduction(row: Model): IntroductionRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    suggestionId: Number(r.suggestionId),
    requestId: Number(r.requestId),
    requesterId: Number(r.requesterId),
    targetId: Number(r.targetId),
    connectorId: Number(r.connectorId),
    status: r.status as IntroductionRecord['status'],
    createdAt: date(r.createdAt),
    expiresAt: date(r.expiresAt),
    answeredAt: r.answeredAt ? date(r.answeredAt) : null,
  };
}

export type NewIntroduction = Omit<IntroductionRecord, 'id' | 'answeredAt'> & { answeredAt?: Date | null };

export async function insertIntroduction(db: Database, t: Transaction, introduction: NewIntroduction): Promise<IntroductionRecord> {
  const row = await introductionsModels(db.sequelize).Introduction.create({ answeredAt: null, ...introduction }, { transaction: t });
  return toIntroduction(row);
}

export async function findIntroduction(db: Database, id: number, t?: Transaction): Promise<IntroductionRecord | null> {
  const row = await introductionsModels(db.sequelize).Introduction.findByPk(id, { transaction: t });
  return row ? toIntroduction(row) : null;
}

/** The introductions of these suggestions, by suggestion id. */
export async function introductionsOfSuggestions(db: Database, suggestionIds: readonly number[], t?: Transaction): Promise<Map<number, IntroductionRecord>> {
  if (suggestionIds.length === 0) return new Map();
  const rows = await introductionsModels(db.sequelize).Introduction.findAll({ where: { suggestionId: { [Op.in]: [...suggestionIds] } }, transaction: t });
  return new Map(rows.map(toIntroduction).map((i) => [i.suggestionId, i]));
}

/** Every introduction the member takes part in (requester, target or connector), newest first. */
export async function listIntroductionsOf(db: Database, memberId: number): Promise<IntroductionRecord[]> {
  const rows = await introductionsModels(db.sequelize).Introduction.findAll({
    where: { [Op.or]: [{ requesterId: memberId }, { targetId: memberId }, { connectorId: memberId }] },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
  });
  return rows.map(toIntroduction);
}

/**
 * The target's answer: awaiting_target → introduced | declined, only while awaiting and before
 * expiry; false otherwise (answered, cancelled or expired meanwhile: race-free).
 */
export async function answerIntroduction(db: Database, t: Transaction, id: number, status: 'introduced' | 'declined', at: Date): Promise<boolean> {
  const [count] = await introductionsModels(db.sequelize).Introduction.update(
    { status, answeredAt: at },
    { where: { id, status: 'awaiting_target', expiresAt: { [Op.gt]: at } }, transaction: t },
  );
  return count > 0;
}

/** A cancelled request's introductions still awaiting their target are cancelled with it; returns them. */
export async function cancelAwaitingIntroductions(db: Database, t: Transaction, requestId: number, at: Date): Promise<IntroductionRecord[]> {
  const { Introduction } = introductionsModels(db.sequelize);
  // The request's row is locked by the caller's move (open → cancelled): no answer can start meanwhile.
  const awaiting = (await Introduction.findAll({ where: { requestId, status: 'awaiting_target' }, transaction: t })).map(toIntroduction);
  if (awaiting.length === 0) return [];
  await Introduction.update({ status: 'cancelled', answeredAt: at }, { where: { requestId, status: 'awaiting_target' }, transaction: t });
  return awaiting;
}

/** The introductions of these requests, by request id (a request addressed to a member has at most one: its connector's forward). */
export async function introductionsOfRequests(db: Database, requestIds: readonly number[]): Promise<Map<number, IntroductionRecord>> {
  if (requestIds.length === 0) return new Map();
  const rows = await introductionsModels(db.sequelize).Introduction.findAll({ where: { requestId: { [Op.in]: [...requestIds] } }, order: [['id', 'ASC']] });
  return new Map(rows.map(toIntroduction).map((i) => [i.requestId, i]));
}
