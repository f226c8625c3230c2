import { UniqueConstraintError, type Transaction } from 'sequelize';
import { parse, problems, type Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { getTier, requiredPlanForSelfSuggestion } from '@vouch/service-subscriptions';
import { reachWithin, requestReputationRecompute } from '@vouch/service-vouches';
import { notify } from '@vouch/service-notifications';
import { createSuggestionBody, INTRODUCTION_MESSAGES, notificationLinks, OPEN_INTRODUCTION_REQUEST_STATUSES, type IntroductionDegree, type Suggestion } from '@vouch/contracts';
import { answerSuggestion, findRequest, findSuggestion, findSuggestionId, insertSuggestion, listSuggestionsFor, lockRequest, moveRequestStatus, touchRequest, type RequestRecord, type SuggestionRecord } from '../data-access/requests-and-suggestions.repository';
import { introductionsOfSuggestions } from '../data-access/introductions.repository';
import { introductionStatusAt } from './introduction-state';
import { startIntroduction } from './introductions.use-case';
import { INTRODUCTION_TEXTS, selfSuggestionRestriction, SUGGESTION_MESSAGES } from './messages';
import { phoneFor } from './privacy';
import { visibleRequest } from './visibility';
import { recordRequestChanges } from './introduction-sync';

type Reach = Awaited<ReturnType<typeof reachWithin>>;

/**
 * The suggestions as their readers see them. `read.t`: the rows they depend on are read in that
 * transaction (an answer built before its commit); `read.reach`: the requester's reach, read already.
 */
async function toSuggestionDtos(db: Database, request: RequestRecord, rows: SuggestionRecord[], now = new Date(), read: { t?: Transaction; reach?: Reach } = {}): Promise<Suggestion[]> {
  if (rows.length === 0) return [];
  const [members, reach, introductions] = await Promise.all([
    getMembers(db, [...new Set(rows.flatMap((s) => [s.suggesterId, s.suggestedPersonId]))], read.t),
    read.reach ?? reachWithin(db, request.requesterId, 3),
    introductionsOfSuggestions(db, rows.map((s) => s.id), read.t),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  const degreeOf = new Map(reach.map((r) => [r.memberId, r.degree]));
  return rows.map((s) => {
    const person = byId.get(s.suggestedPersonId);
    const introduction = introductions.get(s.id);
    const status = introduction ? introductionStatusAt(introduction, now) : null;
    return {
      id: s.id,
      requestId: s.requestId,
      suggestedPersonId: s.suggestedPersonId,
      suggestedPersonName: person?.name ?? 'A member',
      suggestedPersonPhone: person ? phoneFor(person.phone, status === 'introduced') : '•••-•••-••••',
      degreeLevel: degreeOf.get(s.suggestedPersonId) ?? null,
      reasoning: s.reasoning,
      connectorName: byId.get(s.suggesterId)?.name ?? 'A member',
      isSelfSuggestion: s.isSelfSuggestion,
      createdAt: s.createdAt.toISOString(),
      status: s.status,
      introduction: introduction && status
        ? { id: introduction.id, status, expiresAt: introduction.expiresAt.toISOString(), answeredAt: introduction.answeredAt?.toISOString() ?? null }
        : null,
    };
  });
}

/**
 * GET /api/introduction-suggestions/:id: one suggestion, to the requester, the member who made it
 * and the person suggested (each is told of it); anyone else gets the 404 of an unknown id.
 */
export async function suggestionFor(db: Database, memberId: number, suggestionId: number | null): Promise<Suggestion> {
  const suggestion = suggestionId === null ? null : await findSuggestion(db, suggestionId);
  const request = suggestion ? await findRequest(db, suggestion.requestId) : null;
  if (!suggestion || !request || ![request.requesterId, suggestion.suggesterId, suggestion.suggestedPersonId].includes(memberId)) throw problems.notFound(INTRODUCTION_MESSAGES.suggestionNotFound);
  const [dto] = await toSuggestionDtos(db, request, [suggestion]);
  return dto!;
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
  if (request.requesterId === memberId) throw problems.forbidden(SUGGESTION_MESSAGES.ownRequest, 'OWN_REQUEST');
  if (!(OPEN_INTRODUCTION_REQUEST_STATUSES as readonly string[]).includes(request.status)) throw problems.conflict(SUGGESTION_MESSAGES.notOpen, 'NOT_OPEN');

  const suggestedPersonId = self ? memberId : input.suggestedPersonId!;
  if (self) {
    const degree = request.degreeLevel as IntroductionDegree;
    const restriction = selfSuggestionRestriction(await getTier(db, memberId), degree, requiredPlanForSelfSuggestion(degree));
    if (restriction) throw problems.forbidden(restriction, 'PLAN_TIER');
  } else {
    if (suggestedPersonId === request.requesterId) throw problems.badRequest(SUGGESTION_MESSAGES.notRequester, [{ field: 'suggestedPersonId', message: SUGGESTION_MESSAGES.notRequester }]);
    const reach = await reachWithin(db, memberId, request.degreeLevel);
    if (!reach.some((r) => r.memberId === suggestedPersonId)) throw problems.forbidden(SUGGESTION_MESSAGES.notInNetwork(request.degreeLevel), 'NOT_IN_NETWORK');
  }

  const [suggester, person] = await getMembers(db, [memberId, suggestedPersonId]).then((ms) => [ms.find((m) => m.id === memberId), ms.find((m) => m.id === suggestedPersonId)]);
  const key = { requestId: request.id, suggesterId: memberId, suggestedPersonId };
  // The requester's reach (the answer's degree), which this write does not change: read before.
  const requesterReach = await reachWithin(db, request.requesterId, 3);
  const dto = await db.transaction(async (t) => {
    if (!(await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'collecting_suggestions', now))) throw problems.conflict(SUGGESTION_MESSAGES.notOpen, 'NOT_OPEN');
    // Its status and counts moved: the requester's next sync brings the request.
    recordRequestChanges(db, t, [request]);
    const row: SuggestionRecord = await insertSuggestion(db, t, { ...key, isSelfSuggestion: self, reasoning, createdAt: now });
    const text = self
      ? `${suggester?.name ?? 'A member'} offered to help with your ${request.requestType} request.`
      : `${suggester?.name ?? 'A member'} suggested ${person?.name ?? 'someone'} for your ${request.requestType} request.`;
    await notify(db, t, {
      memberId: request.requesterId,
      kind: 'suggestion_received',
      type: 'introduction_suggested',
      bell: text,
      text: { template: INTRODUCTION_TEXTS.suggestionReceived, fields: { names: { suggester: suggester?.name ?? 'A member' } } },
      object: { type: 'suggestion', id: row.id },
      link: notificationLinks.requestSuggestions(request.id),
      aboutMemberId: memberId,
      at: now,
    });
    // The answer, read in the transaction: once it commits nothing is left to fail (a lost
    // connection cannot turn the suggestion into a 503 whose retry hears DUPLICATE).
    const [created] = await toSuggestionDtos(db, { ...request, status: 'collecting_suggestions' }, [row], now, { t, reach: requesterReach });
    return created!;
  }).catch(async (error: unknown) => {
    if (!(error instanceof UniqueConstraintError)) throw error;
    // Read after the transaction ended: the suggestion it collided with is committed by then.
    const existingId = await findSuggestionId(db, key);
    throw existingId === null ? problems.conflict(SUGGESTION_MESSAGES.duplicate, 'DUPLICATE') : problems.duplicate(SUGGESTION_MESSAGES.duplicate, existingId);
  });
  return dto;
}

/**
 * POST /api/introduction-suggestions/:id/accept | /reject — the requester only (anyone else: 404).
 * Only a pending_requestor suggestion can be answered (409 otherwise; a conditional update, so
 * of two concurrent answers one wins). Accepting starts the double opt-in introduction
 * (startIntroduction): the suggested person is asked, and the request completes only when they
 * agree (a self-suggestion is agreed at once); the request stays open meanwhile. The request's
 * row is locked while answering, so a cancel and an accept take turns: a cancelled request's
 * suggestions can no longer be answered (409), and a cancel after an accept withdraws the ask.
 */
export async function answerSuggestionAs(db: Database, memberId: number, suggestionId: number | null, action: 'accept' | 'reject', now = new Date()): Promise<Suggestion> {
  const suggestion = suggestionId === null ? null : await findSuggestion(db, suggestionId);
  const request = suggestion ? await findRequest(db, suggestion.requestId) : null;
  if (!suggestion || !request || request.requesterId !== memberId) throw problems.notFound(INTRODUCTION_MESSAGES.suggestionNotFound);
  if (suggestion.status !== 'pending_requestor') throw problems.conflict(SUGGESTION_MESSAGES.alreadyAnswered(suggestion.status), 'ALREADY_RESPONDED');
  if (request.status === 'cancelled') throw problems.conflict(SUGGESTION_MESSAGES.requestCancelled, 'NOT_OPEN');

  const status = action === 'accept' ? 'accepted' : 'rejected';
  const members = new Map((await getMembers(db, [request.requesterId, suggestion.suggesterId, suggestion.suggestedPersonId])).map((m) => [m.id, m]));
  const reach = await reachWithin(db, request.requesterId, 3);
  return db.transaction(async (t) => {
    if ((await lockRequest(db, t, request.id))?.status === 'cancelled') throw problems.conflict(SUGGESTION_MESSAGES.requestCancelled, 'NOT_OPEN');
    if (!(await answerSuggestion(db, t, suggestion.id, status, now))) {
      const current = await findSuggestion(db, suggestion.id, t);
      throw problems.conflict(SUGGESTION_MESSAGES.alreadyAnswered(current?.status ?? status), 'ALREADY_RESPONDED');
    }
    // Its pending count moved: the requester's next sync brings the request.
    await touchRequest(db, t, request.id, now);
    recordRequestChanges(db, t, [request]);
    if (status === 'accepted') await startIntroduction(db, t, request, { ...suggestion, status }, members, now);
    // The answer, read in the transaction (its introduction included): once it commits nothing is
    // left to fail (a lost connection cannot turn it into a 503 whose retry hears ALREADY_RESPONDED).
    const [dto] = await toSuggestionDtos(db, request, [{ ...suggestion, status, respondedAt: now }], now, { t, reach });
    // A completed introduction moves scores: asked for in the transaction, last (a shared row).
    if (status === 'accepted') await requestReputationRecompute(db, t);
    return dto!;
  });
}
