// The introductions service's part of "export my data" and "delete my account" (issue 10),
// passed by the gateway to createAuthService({ memberDataParts }); auth composes the parts.
import { Op, type Model, type Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import { getMembers, type MemberDataPart } from '@vouch/service-auth';
import { toRequest } from '../data-access/requests-and-suggestions.repository';
import { introductionsModels } from '../data-access/models';
import { recordIntroductionChanges, recordRequestChanges, recordRequestRemovals } from './introduction-sync';

const iso = (value: unknown) => (value ? new Date(value as string | Date).toISOString() : null);

/** A request in the export: the stored record without the requester (the member themself). */
function exportedRequest(row: Model) {
  const { requesterId: _requester, createdAt, updatedAt, ...request } = toRequest(row);
  return { ...request, createdAt: iso(createdAt), updatedAt: iso(updatedAt) };
}

/** A suggestion in the export; people are named (never their phones: those are theirs, not the member's). */
function exportedSuggestion(row: Model, names: ReadonlyMap<number, string>) {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  const name = (id: unknown) => names.get(Number(id)) ?? 'A member';
  return {
    id: Number(r.id),
    requestId: Number(r.requestId),
    suggesterName: name(r.suggesterId),
    suggestedPersonName: name(r.suggestedPersonId),
    isSelfSuggestion: Boolean(r.isSelfSuggestion),
    reasoning: String(r.reasoning),
    status: String(r.status),
    createdAt: iso(r.createdAt),
    respondedAt: iso(r.respondedAt),
  };
}

/** An introduction in the export: the member's part, the people by name (phones are theirs), the status as stored. */
function exportedIntroduction(row: Model, memberId: number, names: ReadonlyMap<number, string>) {
  const r = row.get({ plain: true }) as Record<string, unknown>;
  const name = (id: unknown) => names.get(Number(id)) ?? 'A member';
  const role = Number(r.requesterId) === memberId ? 'requester' : Number(r.targetId) === memberId ? 'target' : 'connector';
  return {
    id: Number(r.id),
    requestId: Number(r.requestId),
    role,
    requesterName: name(r.requesterId),
    targetName: name(r.targetId),
    connectorName: name(r.connectorId),
    status: String(r.status),
    createdAt: iso(r.createdAt),
    expiresAt: iso(r.expiresAt),
    answeredAt: iso(r.answeredAt),
  };
}

/**
 * Everything introductions holds about the member: their requests (each with the suggestions
 * it received), the suggestions they made on others' requests, the suggestions naming them, and
 * the introductions they take part in (requester, suggested person or connector).
 */
export async function exportMemberData(db: Database, memberId: number, t?: Transaction): Promise<Record<string, unknown>> {
  const { Request, Suggestion, Introduction } = introductionsModels(db.sequelize);
  const order: [string, string][] = [['createdAt', 'ASC'], ['id', 'ASC']];
  const requests = await Request.findAll({ where: { requesterId: memberId }, order, transaction: t });
  const requestIds = requests.map((r) => Number(r.get('id')));
  const suggestions = await Suggestion.findAll({
    where: { [Op.or]: [{ requestId: { [Op.in]: requestIds } }, { suggesterId: memberId }, { suggestedPersonId: memberId }] },
    order,
    transaction: t,
  });
  const introductions = await Introduction.findAll({ where: { [Op.or]: [{ requesterId: memberId }, { targetId: memberId }, { connectorId: memberId }] }, order, transaction: t });
  const people = [
    ...suggestions.flatMap((s) => [Number(s.get('suggesterId')), Number(s.get('suggestedPersonId'))]),
    ...introductions.flatMap((i) => [Number(i.get('requesterId')), Number(i.get('targetId')), Number(i.get('connectorId'))]),
  ];
  const names = new Map((await getMembers(db, people, t)).map((m) => [m.id, m.name]));
  const onMine = (s: Model) => requestIds.includes(Number(s.get('requestId')));
  return {
    requests: requests.map((request) => ({
      ...exportedRequest(request),
      suggestions: suggestions.filter((s) => Number(s.get('requestId')) === Number(request.get('id'))).map((s) => exportedSuggestion(s, names)),
    })),
    suggestionsMade: suggestions.filter((s) => !onMine(s) && Number(s.get('suggesterId')) === memberId).map((s) => exportedSuggestion(s, names)),
    suggestionsOfMe: suggestions.filter((s) => !onMine(s) && Number(s.get('suggestedPersonId')) === memberId).map((s) => exportedSuggestion(s, names)),
    introductions: introductions.map((i) => exportedIntroduction(i, memberId, names)),
  };
}

/**
 * Deletes, in the account deletion's transaction, the member's requests with every suggestion
 * made on them, the suggestions they made elsewhere and those naming them (an introduction to
 * someone who left cannot happen) and their introductions. Explicit deletes, because SQLite does not cascade.
 * The other members' synced copies follow (issue 45): an introduction that went is a removed item to
 * its other participants, and a request that lost a suggestion comes again with its new counts.
 */
export async function forgetMember(db: Database, t: Transaction, member: { id: number }): Promise<void> {
  const { Request, Suggestion, Introduction } = introductionsModels(db.sequelize);
  const requestIds = (await Request.findAll({ attributes: ['id'], where: { requesterId: member.id }, transaction: t })).map((r) => Number(r.get('id')));
  const suggestions = await Suggestion.findAll({
    attributes: ['id', 'requestId'],
    where: { [Op.or]: [{ requestId: { [Op.in]: requestIds } }, { suggesterId: member.id }, { suggestedPersonId: member.id }] },
    transaction: t,
  });
  const suggestionIds = suggestions.map((s) => Number(s.get('id')));
  const numbers = (row: Model, fields: string[]) => Object.fromEntries(fields.map((field) => [field, Number(row.get(field))]));
  const introductions = await Introduction.findAll({ attributes: ['id', 'requesterId', 'targetId', 'connectorId'], where: { suggestionId: { [Op.in]: suggestionIds } }, transaction: t });
  recordIntroductionChanges(
    db,
    t,
    introductions.map((row) => numbers(row, ['id', 'requesterId', 'targetId', 'connectorId']) as { id: number; requesterId: number; targetId: number; connectorId: number }),
    { removed: 'account_deleted', forgotten: member.id },
  );
  const othersRequestIds = [...new Set(suggestions.map((s) => Number(s.get('requestId'))))].filter((id) => !requestIds.includes(id));
  const othersRequests = await Request.findAll({ attributes: ['id', 'requesterId'], where: { id: { [Op.in]: othersRequestIds } }, transaction: t });
  recordRequestChanges(db, t, othersRequests.map((row) => numbers(row, ['id', 'requesterId']) as { id: number; requesterId: number }));
  await Introduction.destroy({ where: { suggestionId: { [Op.in]: suggestionIds } }, transaction: t });
  await Suggestion.destroy({
    where: { [Op.or]: [{ requestId: { [Op.in]: requestIds } }, { suggesterId: member.id }, { suggestedPersonId: member.id }] },
    transaction: t,
  });
  await Request.destroy({ where: { requesterId: member.id }, transaction: t });
  // Requests addressed to the member or through them (issue 44) cannot go on: gone from their requesters' copies too.
  const addressed = await Request.findAll({ attributes: ['id', 'requesterId'], where: { [Op.or]: [{ targetId: member.id }, { connectorId: member.id }] }, transaction: t });
  recordRequestRemovals(db, t, addressed.map((row) => numbers(row, ['id', 'requesterId']) as { id: number; requesterId: number }));
  await Request.destroy({ where: { id: { [Op.in]: addressed.map((row) => Number(row.get('id'))) } }, transaction: t });
}

export const introductionsMemberData: MemberDataPart = { name: 'introductions', exportMemberData, forgetMember };
