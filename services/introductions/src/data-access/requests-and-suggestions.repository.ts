import { Op, QueryTypes, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionRequestStatus, type SuggestionStatus } from '@vouch/contracts';
import { introductionsModels } from './models';

export interface RequestRecord {
  id: number;
  requesterId: number;
  requestType: string;
  desiredSkills: string;
  reason: string;
  context: string | null;
  status: IntroductionRequestStatus;
  degreeLevel: number;
  createdAt: Date;
  updatedAt: Date;
  /** Addressed to a member (issue 44): the member, the 1° asked to introduce, their note and when they answered; null for a request to the network. */
  targetId: number | null;
  connectorId: number | null;
  connectorNote: string | null;
  connectorAnsweredAt: Date | null;
}

export interface SuggestionRecord {
  id: number;
  requestId: number;
  suggesterId: number;
  suggestedPersonId: number;
  isSelfSuggestion: boolean;
  reasoning: string;
  status: SuggestionStatus;
  createdAt: Date;
  respondedAt: Date | null;
}

const date = (value: unknown): Date => new Date(value as string | Date);

export function toRequest(row: Model): RequestRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    requesterId: Number(r.requesterId),
    requestType: String(r.requestType),
    desiredSkills: String(r.desiredSkills),
    reason: String(r.reason),
    context: r.context === null || r.context === undefined ? null : String(r.context),
    status: r.status as IntroductionRequestStatus,
    degreeLevel: Number(r.degreeLevel),
    createdAt: date(r.createdAt),
    updatedAt: date(r.updatedAt),
    targetId: r.targetId === null || r.targetId === undefined ? null : Number(r.targetId),
    connectorId: r.connectorId === null || r.connectorId === undefined ? null : Number(r.connectorId),
    connectorNote: r.connectorNote === null || r.connectorNote === undefined ? null : String(r.connectorNote),
    connectorAnsweredAt: r.connectorAnsweredAt ? date(r.connectorAnsweredAt) : null,
  };
}

function toSuggestion(row: Model): SuggestionRecord {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  return {
    id: Number(r.id),
    requestId: Number(r.requestId),
    suggesterId: Number(r.suggesterId),
    suggestedPersonId: Number(r.suggestedPersonId),
    isSelfSuggestion: Boolean(r.isSelfSuggestion),
    reasoning: String(r.reasoning),
    status: r.status as SuggestionStatus,
    createdAt: date(r.createdAt),
    respondedAt: r.respondedAt ? date(r.respondedAt) : null,
  };
}

export type NewRequest = Omit<RequestRecord, 'id' | 'status' | 'updatedAt' | 'targetId' | 'connectorId' | 'connectorNote' | 'connectorAnsweredAt'>;

/** A request to the whole network (broadcasting). */
export async function insertRequest(db: Database, t: Transaction, request: NewRequest): Promise<RequestRecord> {
  const row = await introductionsModels(db.sequelize).Request.create({ ...request, status: 'broadcasting', updatedAt: request.createdAt }, { transaction: t });
  return toRequest(row);
}

/**
 * A request addressed to `targetId` through `connectorId` (awaiting_connector). A second open one
 * from the same requester to the same member is a UniqueConstraintError (open_to_target).
 */
export async function insertAddressedRequest(db: Database, t: Transaction, request: NewRequest & { targetId: number; connectorId: number }): Promise<RequestRecord> {
  const row = await introductionsModels(db.sequelize).Request.create({ ...request, openToTarget: request.targetId, status: 'awaiting_connector', updatedAt: request.createdAt }, { transaction: t });
  return toRequest(row);
}

/** Requests whose connector is the member (addressed to someone they know), newest first. */
export async function listRequestsAskedOf(db: Database, connectorId: number): Promise<RequestRecord[]> {
  const rows = await introductionsModels(db.sequelize).Request.findAll({ where: { connectorId }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return rows.map(toRequest);
}

/**
 * The connector's answer: awaiting_connector → forwarded | declined with their note; false when it
 * was no longer awaiting them or was asked at or before `askedAfter` (expired meanwhile: race-free).
 */
export async function answerAsConnector(db: Database, t: Transaction, id: number, to: 'forwarded' | 'declined', note: string | null, at: Date, askedAfter: Date): Promise<boolean> {
  const closes = to === 'declined' ? { openToTarget: null } : {};
  const [count] = await introductionsModels(db.sequelize).Request.update(
    { status: to, connectorNote: note, connectorAnsweredAt: at, updatedAt: at, ...closes },
    { where: { id, status: 'awaiting_connector', createdAt: { [Op.gt]: askedAfter } }, transaction: t },
  );
  return count > 0;
}

/**
 * Frees the requester to ask `targetId` again when their open request to them awaited its
 * connector since `askedAfter` or before (expired: it reads so, the row keeps awaiting_connector).
 * Not a change to sync: like an introduction's, expiry is read, not written.
 */
export async function releaseExpiredAsk(db: Database, t: Transaction, requesterId: number, targetId: number, askedAfter: Date): Promise<void> {
  await introductionsModels(db.sequelize).Request.update(
    { openToTarget: null },
    { where: { requesterId, openToTarget: targetId, status: 'awaiting_connector', createdAt: { [Op.lte]: askedAfter } }, transaction: t },
  );
}

export async function findRequest(db: Database, id: number, t?: Transaction): Promise<RequestRecord | null> {
  const row = await introductionsModels(db.sequelize).Request.findByPk(id, { transaction: t });
  return row ? toRequest(row) : null;
}

/** These requests (unknown ids skipped). */
export async function listRequestsByIds(db: Database, ids: readonly number[]): Promise<RequestRecord[]> {
  if (ids.length === 0) return [];
  const rows = await introductionsModels(db.sequelize).Request.findAll({ where: { id: { [Op.in]: [...new Set(ids)] } } });
  return rows.map(toRequest);
}

/** The request, its row locked until `t` ends (so a cancel and an accept of its suggestion take turns). */
export async function lockRequest(db: Database, t: Transaction, id: number): Promise<RequestRecord | null> {
  const row = await introductionsModels(db.sequelize).Request.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
  return row ? toRequest(row) : null;
}

/** The member's requests, newest first. */
export async function listRequestsBy(db: Database, requesterId: number): Promise<RequestRecord[]> {
  const rows = await introductionsModels(db.sequelize).Request.findAll({ where: { requesterId }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return rows.map(toRequest);
}

/** Requests to the network (not addressed to a member) of these members with one of these statuses, newest first. */
export async function listRequestsOf(db: Database, requesterIds: readonly number[], statuses: readonly string[]): Promise<RequestRecord[]> {
  if (requesterIds.length === 0) return [];
  const rows = await introductionsModels(db.sequelize).Request.findAll({
    // Addressed requests go to their connector, never to the network.
    where: { requesterId: { [Op.in]: [...requesterIds] }, status: { [Op.in]: [...statuses] }, targetId: null },
    order: [['createdAt', 'DESC'], ['id', 'DESC']],
  });
  return rows.map(toRequest);
}

/** Moves a request from one status to another; false when it was not in `from` (race-free). */
/** Marks a request changed (its suggestion counts moved): what `updated_since` of the requester's list reads. */
export async function touchRequest(db: Database, t: Transaction, id: number, at: Date): Promise<void> {
  await introductionsModels(db.sequelize).Request.update({ updatedAt: at }, { where: { id }, transaction: t });
}

export async function moveRequestStatus(db: Database, t: Transaction, id: number, from: readonly string[], to: IntroductionRequestStatus, at: Date): Promise<boolean> {
  // A request that closes frees its requester to ask the same member again (open_to_target).
  const closes = (OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(to) ? {} : { openToTarget: null };
  const [count] = await introductionsModels(db.sequelize).Request.update({ status: to, updatedAt: at, ...closes }, { where: { id, status: { [Op.in]: [...from] } }, transaction: t });
  return count > 0;
}

/** Suggestion counts per request: all, and those awaiting the requester. One GROUP BY. */
export async function countSuggestions(db: Database, requestIds: readonly number[], t?: Transaction): Promise<Map<number, { all: number; pending: number }>> {
  const counts = new Map<number, { all: number; pending: number }>();
  if (requestIds.length === 0) return counts;
  const rows = await db.sequelize.query<{ request_id: number | string; total: number | string; pending: number | string | null }>(
    `SELECT request_id, COUNT(*) AS total, SUM(CASE WHEN status = 'pending_requestor' THEN 1 ELSE 0 END) AS pending
       FROM introduction_suggestions WHERE request_id IN (:ids) GROUP BY request_id`,
    { replacements: { ids: [...requestIds] }, type: QueryTypes.SELECT, transaction: t },
  );
  for (const r of rows) counts.set(Number(r.request_id), { all: Number(r.total), pending: Number(r.pending ?? 0) });
  return counts;
}

export type NewSuggestion = Omit<SuggestionRecord, 'id' | 'status' | 'respondedAt'>;

/** A duplicate (request, suggester, suggested person) is a UniqueConstraintError. */
export async function insertSuggestion(db: Database, t: Transaction, suggestion: NewSuggestion, answered?: { status: 'accepted'; respondedAt: Date }): Promise<SuggestionRecord> {
  // `answered`: a connector's forward of a request addressed to a member is a suggestion the requester made themselves (accepted).
  const row = await introductionsModels(db.sequelize).Suggestion.create({ ...suggestion, status: 'pending_requestor', ...answered }, { transaction: t });
  return toSuggestion(row);
}

/** The id of the suggestion a duplicate collided with (a 409 DUPLICATE names it), or null. */
export async function findSuggestionId(db: Database, key: { requestId: number; suggesterId: number; suggestedPersonId: number }): Promise<number | null> {
  const row = await introductionsModels(db.sequelize).Suggestion.findOne({ attributes: ['id'], where: key });
  return row ? Number(row.get('id')) : null;
}

export async function findSuggestion(db: Database, id: number, t?: Transaction): Promise<SuggestionRecord | null> {
  const row = await introductionsModels(db.sequelize).Suggestion.findByPk(id, { transaction: t });
  return row ? toSuggestion(row) : null;
}

/** These suggestions (unknown ids skipped). */
export async function listSuggestionsByIds(db: Database, ids: readonly number[]): Promise<SuggestionRecord[]> {
  if (ids.length === 0) return [];
  const rows = await introductionsModels(db.sequelize).Suggestion.findAll({ where: { id: { [Op.in]: [...new Set(ids)] } } });
  return rows.map(toSuggestion);
}

/** A request's suggestions, newest first. */
/** Whether `memberId` made or is named in a suggestion on the request (the connector or the person suggested). */
export async function isPartyToRequest(db: Database, requestId: number, memberId: number): Promise<boolean> {
  const rows = await db.select<{ one: number }>(
    'SELECT 1 AS one FROM introduction_suggestions WHERE request_id = :requestId AND (suggester_id = :memberId OR suggested_person_id = :memberId) LIMIT 1',
    { requestId, memberId },
  );
  return rows.length > 0;
}

export async function listSuggestionsFor(db: Database, requestId: number): Promise<SuggestionRecord[]> {
  const rows = await introductionsModels(db.sequelize).Suggestion.findAll({ where: { requestId }, order: [['createdAt', 'DESC'], ['id', 'DESC']] });
  return rows.map(toSuggestion);
}

/** Answers a pending suggestion; false when it was already answered (race-free). */
export async function answerSuggestion(db: Database, t: Transaction, id: number, status: 'accepted' | 'rejected', at: Date): Promise<boolean> {
  const [count] = await introductionsModels(db.sequelize).Suggestion.update({ status, respondedAt: at }, { where: { id, status: 'pending_requestor' }, transaction: t });
  return count > 0;
}

export interface IntroductionFactsRow {
  memberId: number;
  requestsMade: number;
  suggestionsAccepted: number;
  introductionsCompleted: number;
}

/**
 * Per member: requests made, accepted suggestions made, and completed introductions taken part
 * in (as requester of a completed request, or as the accepted suggester) — the reputation
 * model's introduction facts.
 */
export async function introductionFactsRows(db: Database): Promise<IntroductionFactsRow[]> {
  const rows = await db.sequelize.query<{ member_id: number | string; kind: string; n: number | string }>(
    `SELECT requester_id AS member_id, 'requests' AS kind, COUNT(*) AS n FROM introduction_requests GROUP BY requester_id
     UNION ALL
     SELECT suggester_id, 'accepted', COUNT(*) FROM introduction_suggestions WHERE status = 'accepted' GROUP BY suggester_id
     UNION ALL
     SELECT requester_id, 'completed', COUNT(*) FROM introduction_requests WHERE status = 'completed' GROUP BY requester_id`,
    { type: QueryTypes.SELECT },
  );
  const facts = new Map<number, IntroductionFactsRow>();
  for (const r of rows) {
    const memberId = Number(r.member_id);
    const f = facts.get(memberId) ?? { memberId, requestsMade: 0, suggestionsAccepted: 0, introductionsCompleted: 0 };
    if (r.kind === 'requests') f.requestsMade += Number(r.n);
    else if (r.kind === 'accepted') {
      f.suggestionsAccepted += Number(r.n);
      f.introductionsCompleted += Number(r.n);
    } else f.introductionsCompleted += Number(r.n);
    facts.set(memberId, f);
  }
  return [...facts.values()].sort((a, b) => a.memberId - b.memberId);
}
