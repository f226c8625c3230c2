import type { Transaction } from 'sequelize';
import { problems, type Database } from '@vouch/service-core';
import { fillTextTemplate, getMembers, sendTextMessage, type Member } from '@vouch/service-auth';
import { recordActivity, requestReputationRecompute } from '@vouch/service-vouches';
import { queueNotification } from '@vouch/service-notifications';
import { OPEN_INTRODUCTION_REQUEST_STATUSES, type Introduction } from '@vouch/contracts';
import { findRequest, listRequestsByIds, moveRequestStatus, listSuggestionsByIds, type RequestRecord, type SuggestionRecord } from '../data-access/requests-and-suggestions.repository';
import { answerIntroduction, findIntroduction, insertIntroduction, listIntroductionsOf, type IntroductionRecord } from '../data-access/introductions.repository';
import { introductionChangedAt, introductionExpiry, introductionStatusAt, roleIn, sharesPhones } from './introduction-state';
import { INTRODUCTION_OPT_IN_MESSAGES, INTRODUCTION_TEXTS } from './messages';

type Names = ReadonlyMap<number, Member>;
const nameOf = (members: Names, id: number) => members.get(id)?.name ?? 'A member';

/** Texts to send once the transaction that earned them has committed. */
export type PendingText = { to: string; body: string };

/**
 * The requester accepted `suggestion`, inside their transaction: the introduction starts. A
 * self-suggestion is agreed by both at once (the person offered it) and completes the request;
 * otherwise the suggested person is asked, in the app (an introduction_asked activity) and by a
 * text returned for sending after commit, and has INTRODUCTION_ANSWER_DAYS days to answer.
 */
export async function startIntroduction(db: Database, t: Transaction, request: RequestRecord, suggestion: SuggestionRecord, members: Names, now: Date): Promise<PendingText[]> {
  const base = { suggestionId: suggestion.id, requestId: request.id, requesterId: request.requesterId, targetId: suggestion.suggestedPersonId, connectorId: suggestion.suggesterId, createdAt: now, expiresAt: introductionExpiry(now) };
  const requester = nameOf(members, request.requesterId);
  const target = members.get(suggestion.suggestedPersonId);
  if (suggestion.isSelfSuggestion) {
    await insertIntroduction(db, t, { ...base, status: 'introduced', answeredAt: now });
    await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'completed', now);
    await recordActivity(db, t, { memberId: request.requesterId, type: 'introduction_accepted', description: `You accepted ${nameOf(members, suggestion.suggestedPersonId)}'s offer to help with your ${request.requestType} request: you are introduced.`, at: now, bySelf: true });
    const offerAccepted = `${requester} accepted your offer to help with their ${request.requestType} request: you are introduced.`;
    await recordActivity(db, t, { memberId: suggestion.suggesterId, type: 'introduction_accepted', description: offerAccepted, at: now });
    await queueNotification(db, t, suggestion.suggesterId, 'suggestion_accepted', offerAccepted, now);
    const phone = members.get(request.requesterId)?.phone;
    return target && phone ? [{ to: target.phone, body: fillTextTemplate(INTRODUCTION_TEXTS.offerAccepted, { requester, requestType: request.requestType, phone }) }] : [];
  }
  await insertIntroduction(db, t, { ...base, status: 'awaiting_target' });
  const person = nameOf(members, suggestion.suggestedPersonId);
  const connector = nameOf(members, suggestion.suggesterId);
  await recordActivity(db, t, { memberId: request.requesterId, type: 'introduction_accepted', description: `You accepted ${connector}'s suggestion to meet ${person}. ${person} is asked whether they want the introduction.`, at: now, bySelf: true });
  const suggestionAccepted = `${requester} accepted your suggestion of ${person}. ${person} is asked whether they want the introduction.`;
  await recordActivity(db, t, { memberId: suggestion.suggesterId, type: 'introduction_accepted', description: suggestionAccepted, at: now });
  await queueNotification(db, t, suggestion.suggesterId, 'suggestion_accepted', suggestionAccepted, now);
  const asked = `${requester} would like an introduction to you, suggested by ${connector}. Answer in Introduction Requests → Introductions.`;
  await recordActivity(db, t, { memberId: suggestion.suggestedPersonId, type: 'introduction_asked', description: asked, at: now });
  await queueNotification(db, t, suggestion.suggestedPersonId, 'introduction_asked', asked, now);
  return target
    ? [{ to: target.phone, body: fillTextTemplate(INTRODUCTION_TEXTS.introductionAsked, { requester, requestType: request.requestType, connector }) }]
    : [];
}

/** Sends texts earned by a committed transaction; a failed text never undoes the answer (sendTextMessage logs it). */
export async function sendTexts(db: Database, texts: readonly PendingText[]): Promise<void> {
  await Promise.all(texts.map((text) => sendTextMessage(db, text.to, text.body)));
}

function toIntroductionDto(introduction: IntroductionRecord, memberId: number, request: RequestRecord, suggestion: SuggestionRecord, members: Names, now: Date): Introduction {
  const role = roleIn(introduction, memberId)!;
  const status = introductionStatusAt(introduction, now);
  const phones = sharesPhones(status, role);
  const person = (id: number) => ({ name: nameOf(members, id), phone: phones ? (members.get(id)?.phone ?? null) : null });
  return {
    id: introduction.id,
    requestId: request.id,
    suggestionId: suggestion.id,
    role,
    status,
    requestType: request.requestType,
    desiredSkills: request.desiredSkills,
    reason: request.reason,
    note: suggestion.reasoning,
    requester: person(introduction.requesterId),
    target: person(introduction.targetId),
    connector: { name: nameOf(members, introduction.connectorId) },
    createdAt: introduction.createdAt.toISOString(),
    expiresAt: introduction.expiresAt.toISOString(),
    answeredAt: introduction.answeredAt?.toISOString() ?? null,
    updatedAt: introductionChangedAt(introduction).toISOString(),
  };
}

async function toIntroductionDtos(db: Database, memberId: number, introductions: readonly IntroductionRecord[], now: Date): Promise<Introduction[]> {
  if (introductions.length === 0) return [];
  const [requests, suggestions, members] = await Promise.all([
    listRequestsByIds(db, introductions.map((i) => i.requestId)),
    listSuggestionsByIds(db, introductions.map((i) => i.suggestionId)),
    getMembers(db, [...new Set(introductions.flatMap((i) => [i.requesterId, i.targetId, i.connectorId]))]),
  ]);
  const requestById = new Map(requests.map((r) => [r.id, r]));
  const suggestionById = new Map(suggestions.map((s) => [s.id, s]));
  const byId = new Map(members.map((m) => [m.id, m]));
  return introductions.flatMap((i) => {
    const request = requestById.get(i.requestId);
    const suggestion = suggestionById.get(i.suggestionId);
    return request && suggestion ? [toIntroductionDto(i, memberId, request, suggestion, byId, now)] : [];
  });
}

/** GET /api/introductions — every introduction the member takes part in, newest first. */
export async function myIntroductions(db: Database, memberId: number, now = new Date()): Promise<Introduction[]> {
  return toIntroductionDtos(db, memberId, await listIntroductionsOf(db, memberId), now);
}

/** GET /api/introductions/:id: one introduction, to the requester, the target or the connector; anyone else gets the 404 of an unknown id. */
export async function myIntroduction(db: Database, memberId: number, introductionId: number | null, now = new Date()): Promise<Introduction> {
  const found = introductionId === null ? null : await findIntroduction(db, introductionId);
  const [dto] = found && roleIn(found, memberId) ? await toIntroductionDtos(db, memberId, [found], now) : [];
  if (!dto) throw problems.notFound(INTRODUCTION_OPT_IN_MESSAGES.notFound);
  return dto;
}

/**
 * POST /api/introductions/:id/accept | /decline — the target's answer. Someone who takes no
 * part gets 404; the requester or the connector 403 (it is the target's phone to share). An
 * answered introduction is 409, one whose request was cancelled 409, one past its expiry 410.
 * Agreeing completes the request and tells the requester and the connector (activity; the
 * requester also by text, with the target's number); declining tells them too.
 */
export async function answerIntroductionAs(db: Database, memberId: number, introductionId: number | null, action: 'accept' | 'decline', now = new Date()): Promise<Introduction> {
  const found = introductionId === null ? null : await findIntroduction(db, introductionId);
  const role = found ? roleIn(found, memberId) : null;
  if (!found || !role) throw problems.notFound(INTRODUCTION_OPT_IN_MESSAGES.notFound);
  const members = new Map((await getMembers(db, [found.requesterId, found.targetId, found.connectorId])).map((m) => [m.id, m]));
  if (role !== 'target') throw problems.forbidden(INTRODUCTION_OPT_IN_MESSAGES.notTarget(nameOf(members, found.targetId)), 'NOT_INTRODUCTION_TARGET');
  const refuse = (current: IntroductionRecord) => {
    const status = introductionStatusAt(current, now);
    if (status === 'expired') return problems.gone(INTRODUCTION_OPT_IN_MESSAGES.expired, 'INTRODUCTION_EXPIRED');
    if (status === 'cancelled') return problems.conflict(INTRODUCTION_OPT_IN_MESSAGES.cancelled, 'NOT_OPEN');
    return problems.conflict(INTRODUCTION_OPT_IN_MESSAGES.alreadyAnswered(status), 'ALREADY_RESPONDED');
  };
  if (introductionStatusAt(found, now) !== 'awaiting_target') throw refuse(found);

  const request = (await findRequest(db, found.requestId))!;
  const requester = nameOf(members, found.requesterId);
  const target = nameOf(members, found.targetId);
  const status = action === 'accept' ? 'introduced' : 'declined';
  const texts: PendingText[] = [];
  await db.transaction(async (t) => {
    if (!(await answerIntroduction(db, t, found.id, status, now))) throw refuse((await findIntroduction(db, found.id, t)) ?? found);
    if (status === 'introduced') {
      await moveRequestStatus(db, t, found.requestId, OPEN_INTRODUCTION_REQUEST_STATUSES, 'completed', now);
      const agreed = `${target} agreed to your introduction: you can now reach each other.`;
      await recordActivity(db, t, { memberId: found.requesterId, type: 'introduction_accepted', description: agreed, at: now });
      await queueNotification(db, t, found.requesterId, 'introduction_agreed', agreed, now);
      await recordActivity(db, t, { memberId: found.targetId, type: 'introduction_accepted', description: `You agreed to be introduced to ${requester}: you can now reach each other.`, at: now, bySelf: true });
      const agreedForConnector = `${target} agreed to be introduced to ${requester}, as you suggested.`;
      await recordActivity(db, t, { memberId: found.connectorId, type: 'introduction_accepted', description: agreedForConnector, at: now });
      await queueNotification(db, t, found.connectorId, 'introduction_agreed', agreedForConnector, now);
      const phone = members.get(found.targetId)?.phone;
      const to = members.get(found.requesterId)?.phone;
      if (phone && to) texts.push({ to, body: fillTextTemplate(INTRODUCTION_TEXTS.introductionAgreed, { target, requestType: request.requestType, phone }) });
    } else {
      const declined = `${target} declined the introduction. Your request can take other suggestions.`;
      await recordActivity(db, t, { memberId: found.requesterId, type: 'introduction_declined', description: declined, at: now });
      await queueNotification(db, t, found.requesterId, 'introduction_declined', declined, now);
      const declinedForConnector = `${target} declined the introduction to ${requester} you suggested.`;
      await recordActivity(db, t, { memberId: found.connectorId, type: 'introduction_declined', description: declinedForConnector, at: now });
      await queueNotification(db, t, found.connectorId, 'introduction_declined', declinedForConnector, now);
    }
  });
  await sendTexts(db, texts);
  // A completed introduction counts in the requester's and connector's scores: the worker recomputes them.
  if (status === 'introduced') await requestReputationRecompute(db);
  const [dto] = await toIntroductionDtos(db, memberId, [{ ...found, status, answeredAt: now }], now);
  return dto!;
}
