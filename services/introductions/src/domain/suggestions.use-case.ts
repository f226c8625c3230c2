import { UniqueConstraintError } from 'sequelize';
import { parse, problems, type Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { getTier, requiredPlanForSelfSuggestion, type Degree } from '@vouch/service-subscriptions';
import * as vouches from '@vouch/service-vouches';
import { recordActivity, reachWithin } from '@vouch/service-vouches';
import { createSuggestionBody, INTRODUCTION_MESSAGES, OPEN_INTRODUCTION_REQUEST_STATUSES, type Suggestion } from '@vouch/contracts';
import { answerSuggestion, findRequest, findSuggestion, insertSuggestion, listSuggestionsFor, moveRequestStatus, type RequestRecord, type SuggestionRecord } from '../data-access/introduction.repository';
import { selfSuggestionRestriction, SUGGESTION_MESSAGES } from './messages';
import { phoneFor } from './privacy';
import { visibleRequest } from './visibility';

async function toSuggestionDtos(db: Database, request: RequestRecord, rows: SuggestionRecord[]): Promise<Suggestion[]> {
  if (rows.length === 0) return [];
  const [members, reach] = await Promise.all([
    getMembers(db, [...new Set(rows.flatMap((s) => [s.suggesterId, s.suggestedPersonId]))]),
    reachWithin(db, request.requesterId, 3),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  const degreeOf = new Map(reach.map((r) => [r.memberId, r.degree]));
  return rows.map((s) => {
    const person = byId.get(s.suggestedPersonId);
    return {
      id: s.id,
      requestId: s.requestId,
      suggestedPersonName: person?.name ?? 'A member',
      suggestedPersonPhone: person ? phoneFor(person.phone, s.isSelfSuggestion && s.status === 'accepted') : '•••-•••-••••',
      degreeLevel: degreeOf.get(s.suggestedPersonId) ?? null,
      reasoning: s.reasoning,
      connectorName: byId.get(s.suggesterId)?.name ?? 'A member',
      isSelfSuggestion: s.isSelfSuggestion,
      createdAt: s.createdAt.toISOString(),
      status: s.status,
    };
  });
}

/** GET /api/introduction-suggestions?requestId= — the requester's view, newest first. */
export async function suggestionsFor(db: Database, request: RequestRecord): Promise<Suggestion[]> {
  return toSuggestionDtos(db, request, await listSuggestionsFor(db, request.id));
}

/**
 * POST /api/introduction-suggestions. Reasoning is required (SPEC §5 sentences). The request
 * must be visible to the suggester (404), not theirs (403) and open (409). A suggested person
 * must be within the request's degree of the suggester (403) and not the requester (400); a
 * self-suggestion needs a plan that allows it at the request's degree (403 with the reason).
 * One transaction: the request moves broadcasting → collecting_suggestions (a conditional
 * update, so a request closed meanwhile is refused), the suggestion (a duplicate → 409) and the
 * requester's activity.
 */
export async function createSuggestion(db: Database, memberId: number, body: unknown, now = new Date()): Promise<Suggestion> {
  const input = parse(createSuggestionBody, body);
  const self = input.isSelfSuggestion === true || input.suggestedPersonId === memberId;
  const reasoning = input.reasoning?.trim() ?? '';
  if (!reasoning) {
    const message = self ? INTRODUCTION_MESSAGES.selfReasoningRequired : INTRODUCTION_MESSAGES.reasoningRequired;
    throw problems.badRequest(message, [{ field: 'reasoning', message }]);
  }
  if (!self && !input.suggestedPersonId) throw problems.badRequest(SUGGESTION_MESSAGES.personRequired, [{ field: 'suggestedPersonId', message: SUGGESTION_MESSAGES.personRequired }]);

  const { request } = await visibleRequest(db, input.requestId, memberId);
  if (request.requesterId === memberId) throw problems.forbidden(SUGGESTION_MESSAGES.ownRequest);
  if (!(OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(request.status)) throw problems.conflict(SUGGESTION_MESSAGES.notOpen);

  const suggestedPersonId = self ? memberId : input.suggestedPersonId!;
  if (self) {
    const degree = request.degreeLevel as Degree;
    const restriction = selfSuggestionRestriction(await getTier(db, memberId), degree, requiredPlanForSelfSuggestion(degree));
    if (restriction) throw problems.forbidden(restriction);
  } else {
    if (suggestedPersonId === request.requesterId) throw problems.badRequest(SUGGESTION_MESSAGES.notRequester, [{ field: 'suggestedPersonId', message: SUGGESTION_MESSAGES.notRequester }]);
    const reach = await reachWithin(db, memberId, request.degreeLevel);
    if (!reach.some((r) => r.memberId === suggestedPersonId)) throw problems.forbidden(SUGGESTION_MESSAGES.notInNetwork(request.degreeLevel));
  }

  const [suggester, person] = await getMembers(db, [memberId, suggestedPersonId]).then((ms) => [ms.find((m) => m.id === memberId), ms.find((m) => m.id === suggestedPersonId)]);
  const created = await db.transaction(async (t) => {
    if (!(await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'collecting_suggestions', now))) throw problems.conflict(SUGGESTION_MESSAGES.notOpen);
    let row: SuggestionRecord;
    try {
      row = await insertSuggestion(db, t, { requestId: request.id, suggesterId: memberId, suggestedPersonId, isSelfSuggestion: self, reasoning, createdAt: now });
    } catch (error) {
      if (error instanceof UniqueConstraintError) throw problems.conflict(SUGGESTION_MESSAGES.duplicate);
      throw error;
    }
    const text = self
      ? `${suggester?.name ?? 'A member'} offered to help with your ${request.requestType} request.`
      : `${suggester?.name ?? 'A member'} suggested ${person?.name ?? 'someone'} for your ${request.requestType} request.`;
    await recordActivity(db, t, request.requesterId, 'introduction_suggested', text, now);
    return row;
  });
  const [dto] = await toSuggestionDtos(db, { ...request, status: 'collecting_suggestions' }, [created]);
  return dto!;
}

/** Asks the vouches service for a reputation recompute when it offers one (introductions move scores). */
function nudgeReputation(db: Database): void {
  const request = (vouches as unknown as { requestReputationRecompute?: (db: Database) => void }).requestReputationRecompute;
  if (typeof request === 'function') request(db);
}

/**
 * POST /api/introduction-suggestions/:id/accept | /reject — the requester only (anyone else: 404).
 * Only a pending_requestor suggestion can be answered (409 otherwise; a conditional update, so
 * of two concurrent answers one wins). Accepting completes the request (the first accepted
 * suggestion closes it to new suggestions; other pending ones can still be answered) and tells
 * the requester and the suggester (introduction_accepted). A cancelled request's suggestions
 * can no longer be answered (409), also when the cancel lands between the check and the write.
 */
export async function answerSuggestionAs(db: Database, memberId: number, suggestionId: number | null, action: 'accept' | 'reject', now = new Date()): Promise<Suggestion> {
  const suggestion = suggestionId === null ? null : await findSuggestion(db, suggestionId);
  const request = suggestion ? await findRequest(db, suggestion.requestId) : null;
  if (!suggestion || !request || request.requesterId !== memberId) throw problems.notFound(INTRODUCTION_MESSAGES.suggestionNotFound);
  if (suggestion.status !== 'pending_requestor') throw problems.conflict(SUGGESTION_MESSAGES.alreadyAnswered(suggestion.status));
  if (request.status === 'cancelled') throw problems.conflict(SUGGESTION_MESSAGES.requestCancelled);

  const status = action === 'accept' ? 'accepted' : 'rejected';
  const members = new Map((await getMembers(db, [request.requesterId, suggestion.suggesterId, suggestion.suggestedPersonId])).map((m) => [m.id, m.name]));
  const name = (id: number) => members.get(id) ?? 'A member';
  await db.transaction(async (t) => {
    if (!(await answerSuggestion(db, t, suggestion.id, status, now))) {
      const current = await findSuggestion(db, suggestion.id, t);
      throw problems.conflict(SUGGESTION_MESSAGES.alreadyAnswered(current?.status ?? status));
    }
    if (status !== 'accepted') return;
    if (!(await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'completed', now))) {
      // Already completed by an earlier acceptance is fine; cancelled meanwhile undoes this answer.
      if ((await findRequest(db, request.id, t))?.status === 'cancelled') throw problems.conflict(SUGGESTION_MESSAGES.requestCancelled);
    }
    const person = name(suggestion.suggestedPersonId);
    if (suggestion.isSelfSuggestion) {
      await recordActivity(db, t, request.requesterId, 'introduction_accepted', `You accepted ${person}'s offer to help with your ${request.requestType} request.`, now);
      await recordActivity(db, t, suggestion.suggesterId, 'introduction_accepted', `${name(request.requesterId)} accepted your offer to help with their ${request.requestType} request.`, now);
    } else {
      await recordActivity(db, t, request.requesterId, 'introduction_accepted', `You accepted ${name(suggestion.suggesterId)}'s suggestion to meet ${person}.`, now);
      await recordActivity(db, t, suggestion.suggesterId, 'introduction_accepted', `${name(request.requesterId)} accepted your suggestion of ${person}.`, now);
    }
  });
  if (status === 'accepted') nudgeReputation(db);
  const [dto] = await toSuggestionDtos(db, request, [{ ...suggestion, status, respondedAt: now }]);
  return dto!;
}
