import type { Transaction } from 'sequelize';
import { memberAudience, problems, removalOf, removalProblem, type Database, type SyncedList } from '@vouch/service-core';
import { getMembers, type Member } from '@vouch/service-auth';
import { requestReputationRecompute } from '@vouch/service-vouches';
import { noteOwnStep, notify } from '@vouch/service-notifications';
import { notificationLinks, OPEN_INTRODUCTION_REQUEST_STATUSES, type Introduction } from '@vouch/contracts';
import { findRequest, findSuggestion, listRequestsByIds, moveRequestStatus, listSuggestionsByIds, type RequestRecord, type SuggestionRecord } from '../data-access/requests-and-suggestions.repository';
import { answerIntroduction, findIntroduction, insertIntroduction, listIntroductionsOf, type IntroductionRecord } from '../data-access/introductions.repository';
import { introductionChangedAt, introductionExpiry, introductionStatusAt, roleIn, sharesPhones } from './introduction-state';
import { INTRODUCTION_SYNC_LISTS, introductionSyncList, recordIntroductionChanges, recordRequestChanges } from './introduction-sync';
import { INTRODUCTION_OPT_IN_MESSAGES, INTRODUCTION_TEXTS } from './messages';

type Names = ReadonlyMap<number, Member>;
const nameOf = (members: Names, id: number) => members.get(id)?.name ?? 'A member';

/**
 * The requester accepted `suggestion`, inside their transaction: the introduction starts. A
 * self-suggestion is agreed by both at once (the person offered it) and completes the request;
 * otherwise the suggested person is asked (bell, and text and push as they chose) and has
 * INTRODUCTION_ANSWER_DAYS days to answer. Every notice opens the introduction.
 */
export async function startIntroduction(db: Database, t: Transaction, request: RequestRecord, suggestion: SuggestionRecord, members: Names, now: Date): Promise<void> {
  const base = { suggestionId: suggestion.id, requestId: request.id, requesterId: request.requesterId, targetId: suggestion.suggestedPersonId, connectorId: suggestion.suggesterId, createdAt: now, expiresAt: introductionExpiry(now) };
  const requester = nameOf(members, request.requesterId);
  if (suggestion.isSelfSuggestion) {
    const introduction = await insertIntroduction(db, t, { ...base, status: 'introduced', answeredAt: now });
    recordIntroductionChanges(db, t, [introduction]);
    const about = { object: { type: 'introduction', id: introduction.id } as const, link: notificationLinks.introduction(introduction.id), at: now };
    if (await moveRequestStatus(db, t, request.id, OPEN_INTRODUCTION_REQUEST_STATUSES, 'completed', now)) recordRequestChanges(db, t, [request]);
    await noteOwnStep(db, t, { ...about, memberId: request.requesterId, type: 'introduction_accepted', bell: `You accepted ${nameOf(members, suggestion.suggestedPersonId)}'s offer to help with your ${request.requestType} request: you are introduced.`, aboutMemberId: suggestion.suggesterId });
    const phone = members.get(request.requesterId)?.phone;
    await notify(db, t, {
      ...about,
      memberId: suggestion.suggesterId,
      kind: 'suggestion_accepted',
      type: 'introduction_accepted',
      bell: `${requester} accepted your offer to help with their ${request.requestType} request: you are introduced.`,
      ...(phone ? { text: { template: INTRODUCTION_TEXTS.offerAccepted, fields: { names: { requester }, phones: { phone } } } } : {}),
      aboutMemberId: request.requesterId,
    });
    return;
  }
  const introduction = await insertIntroduction(db, t, { ...base, status: 'awaiting_target' });
  recordIntroductionChanges(db, t, [introduction]);
  const about = { object: { type: 'introduction', id: introduction.id } as const, link: notificationLinks.introduction(introduction.id), at: now };
  const person = nameOf(members, suggestion.suggestedPersonId);
  const connector = nameOf(members, suggestion.suggesterId);
  await noteOwnStep(db, t, { ...about, memberId: request.requesterId, type: 'introduction_accepted', bell: `You accepted ${connector}'s suggestion to meet ${person}. ${person} is asked whether they want the introduction.`, aboutMemberId: suggestion.suggestedPersonId });
  await notify(db, t, {
    ...about,
    memberId: suggestion.suggesterId,
    kind: 'suggestion_accepted',
    type: 'introduction_accepted',
    bell: `${requester} accepted your suggestion of ${person}. ${person} is asked whether they want the introduction.`,
    aboutMemberId: request.requesterId,
  });
  await notify(db, t, {
    ...about,
    memberId: suggestion.suggestedPersonId,
    kind: 'introduction_asked',
    type: 'introduction_asked',
    bell: `${requester} would like an introduction to you, suggested by ${connector}. Answer in Introduction Requests → Introductions.`,
    text: { template: INTRODUCTION_TEXTS.introductionAsked, fields: { names: { requester, connector } } },
    aboutMemberId: request.requesterId,
  });
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

/** GET /api/introductions/sync: the member's introductions as a synced list (read whole, as the list is). */
export function myIntroductionsSyncList(db: Database, memberId: number, now = new Date()): SyncedList<Introduction> {
  return introductionSyncList(memberId, async () => {
    const records = await listIntroductionsOf(db, memberId);
    return { records, dtos: await toIntroductionDtos(db, memberId, records, now) };
  });
}

/**
 * GET /api/introductions/:id: one introduction, to the requester, the target or the connector;
 * anyone else gets the 404 of an unknown id. One of theirs that went with a participant's account
 * is a 410 DELETED_WITH_ACCOUNT while the sync log holds its removal.
 */
export async function myIntroduction(db: Database, memberId: number, introductionId: number | null, now = new Date()): Promise<Introduction> {
  const found = introductionId === null ? null : await findIntroduction(db, introductionId);
  const [dto] = found && roleIn(found, memberId) ? await toIntroductionDtos(db, memberId, [found], now) : [];
  if (dto) return dto;
  const removed = introductionId === null ? null : await removalOf(db, [INTRODUCTION_SYNC_LISTS.introductions], introductionId, [memberAudience(memberId)]);
  throw removed ? removalProblem(removed) : problems.notFound(INTRODUCTION_OPT_IN_MESSAGES.notFound);
}

/**
 * POST /api/introductions/:id/accept | /decline — the target's answer. Someone who takes no
 * part gets 404; the requester or the connector 403 (it is the target's phone to share). An
 * answered introduction is 409, one whose request was cancelled 409, one past its expiry 410.
 * Agreeing completes the request and tells the requester and the connector (activity; the
 * requester also by text, with the target's number); declining tells them too. The answer is
 * built from the rows read before the transaction and what it wrote: nothing is read after the commit.
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

  const [request, suggestion] = await Promise.all([findRequest(db, found.requestId), findSuggestion(db, found.suggestionId)]);
  if (!request || !suggestion) throw problems.notFound(INTRODUCTION_OPT_IN_MESSAGES.notFound);
  const addressed = request.targetId !== null;
  const requester = nameOf(members, found.requesterId);
  const target = nameOf(members, found.targetId);
  const status = action === 'accept' ? 'introduced' : 'declined';
  const about = { object: { type: 'introduction', id: found.id } as const, link: notificationLinks.introduction(found.id), at: now };
  await db.transaction(async (t) => {
    if (!(await answerIntroduction(db, t, found.id, status, now))) throw refuse((await findIntroduction(db, found.id, t)) ?? found);
    recordIntroductionChanges(db, t, [found]);
    if (status === 'introduced') {
      if (await moveRequestStatus(db, t, found.requestId, OPEN_INTRODUCTION_REQUEST_STATUSES, 'completed', now)) recordRequestChanges(db, t, [request]);
      const phone = members.get(found.targetId)?.phone;
      await notify(db, t, {
        ...about,
        memberId: found.requesterId,
        kind: 'introduction_agreed',
        type: 'introduction_accepted',
        bell: `${target} agreed to your introduction: you can now reach each other.`,
        ...(phone ? { text: { template: INTRODUCTION_TEXTS.introductionAgreed, fields: { names: { target }, phones: { phone } } } } : {}),
        aboutMemberId: found.targetId,
      });
      await noteOwnStep(db, t, { ...about, memberId: found.targetId, type: 'introduction_accepted', bell: `You agreed to be introduced to ${requester}: you can now reach each other.`, aboutMemberId: found.requesterId });
      await notify(db, t, { ...about, memberId: found.connectorId, kind: 'introduction_agreed', type: 'introduction_accepted', bell: `${target} agreed to be introduced to ${requester}, as you ${addressed ? 'forwarded' : 'suggested'}.`, aboutMemberId: found.targetId });
    } else {
      // A request addressed to this member closes with their no; one to the network stays open for other suggestions.
      if (addressed && (await moveRequestStatus(db, t, found.requestId, ['forwarded'], 'declined', now))) recordRequestChanges(db, t, [request]);
      await notify(db, t, {
        ...about,
        memberId: found.requesterId,
        kind: 'introduction_declined',
        type: 'introduction_declined',
        bell: addressed ? `${target} declined the introduction.` : `${target} declined the introduction. Your request can take other suggestions.`,
        text: { template: INTRODUCTION_TEXTS.introductionDeclined, fields: { names: { target } } },
        aboutMemberId: found.targetId,
      });
      await notify(db, t, { ...about, memberId: found.connectorId, kind: 'introduction_declined', type: 'introduction_declined', bell: `${target} declined the introduction to ${requester} you ${addressed ? 'forwarded' : 'suggested'}.`, aboutMemberId: found.targetId });
    }
    // A completed introduction counts in the requester's and connector's scores: asked for in the
    // transaction (an answer that commits has asked), last (its row is shared by every request).
    if (status === 'introduced') await requestReputationRecompute(db, t);
  });
  // From what was read before: once the answer commits, nothing is left to fail (a lost
  // connection cannot turn it into a 503 whose retry hears ALREADY_RESPONDED).
  return toIntroductionDto({ ...found, status, answeredAt: now }, memberId, request, suggestion, members, now);
}
