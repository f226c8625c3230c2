/**
 * The connector's side of a request addressed to a member (issue 44): the requests they were
 * asked to make, and their answer. Forwarding is the connector suggesting the target, a
 * suggestion the requester already chose: it is stored accepted and starts the introduction's
 * double opt-in (the target agrees or declines, introductions.use-case.ts). Declining closes
 * the request and tells the requester, with the connector's note.
 */
import { parse, problems, type Database } from '@vouch/service-core';
import { getMembers } from '@vouch/service-auth';
import { noteOwnStep, notify } from '@vouch/service-notifications';
import { ADDRESSED_REQUEST_MESSAGES as M, connectorAnswerBody, INTRODUCTION_ANSWER_DAYS, INTRODUCTION_MESSAGES, notificationLinks, type ConnectorAsk } from '@vouch/contracts';
import { answerAsConnector, findRequest, insertSuggestion, listRequestsAskedOf, type RequestRecord } from '../data-access/requests-and-suggestions.repository';
import { insertIntroduction, introductionsOfRequests } from '../data-access/introductions.repository';
import { connectorAskedAfter, introductionExpiry, requestStatusAt } from './introduction-state';
import { recordIntroductionChanges, recordRequestChanges } from './introduction-sync';
import { INTRODUCTION_TEXTS } from './messages';

type Names = ReadonlyMap<number, string>;
const nameIn = (names: Names, id: number | null) => (id === null ? 'A member' : (names.get(id) ?? 'A member'));

function toConnectorAsk(r: RequestRecord, names: Names, introductionId: number | null, now = new Date()): ConnectorAsk {
  return {
    id: r.id,
    status: requestStatusAt(r, now),
    requester: { id: r.requesterId, name: nameIn(names, r.requesterId) },
    target: { id: r.targetId!, name: nameIn(names, r.targetId) },
    reason: r.reason,
    context: r.context,
    note: r.connectorNote,
    introductionId,
    createdAt: r.createdAt.toISOString(),
    answeredAt: r.connectorAnsweredAt?.toISOString() ?? null,
  };
}

async function toConnectorAsks(db: Database, requests: readonly RequestRecord[]): Promise<ConnectorAsk[]> {
  if (requests.length === 0) return [];
  const [members, introductions] = await Promise.all([
    getMembers(db, [...new Set(requests.flatMap((r) => [r.requesterId, r.targetId!]))]),
    introductionsOfRequests(db, requests.map((r) => r.id)),
  ]);
  const names = new Map(members.map((m) => [m.id, m.name]));
  return requests.map((r) => toConnectorAsk(r, names, introductions.get(r.id)?.id ?? null));
}

/**
 * GET /api/introduction-requests/as-connector: the requests I was asked to introduce someone
 * through, newest first; not those that expired waiting for me (nothing left to answer).
 */
export async function requestsAskedOf(db: Database, memberId: number, now = new Date()): Promise<ConnectorAsk[]> {
  const asked = (await listRequestsAskedOf(db, memberId)).filter((r) => requestStatusAt(r, now) !== 'expired');
  return toConnectorAsks(db, asked);
}

/** The note of a forward (required, 400) or a decline (optional). */
function noteOf(body: unknown, required: string | null): string | null {
  const note = parse(connectorAnswerBody, body ?? {}).note?.trim() || null;
  if (!note && required) throw problems.badRequest(required, [{ field: 'note', message: required }]);
  return note;
}

/** Answered or cancelled: 409; expired (no answer within the target's days): 410, as an expired introduction. */
const refusal = (status: string) =>
  status === 'expired' ? problems.gone(M.expired(INTRODUCTION_ANSWER_DAYS), 'REQUEST_EXPIRED') : problems.conflict(M.notAwaitingConnector(status), 'NOT_AWAITING_CONNECTOR');

/**
 * POST /api/introduction-requests/:id/forward | /decline — the connector answers. Anyone but
 * its requester and connector gets the 404 of an unknown id (the target too); the requester 403; a request
 * no longer awaiting the connector 409 (a conditional update: of simultaneous answers one wins), one
 * that expired waiting for them 410.
 */
export async function answerAsConnectorOf(db: Database, memberId: number, requestId: number | null, action: 'forward' | 'decline', body: unknown, now = new Date()): Promise<ConnectorAsk> {
  const request = requestId === null ? null : await findRequest(db, requestId);
  // The member it is addressed to does not hear of it before the connector forwards it: 404 like a stranger.
  const party = request && request.targetId !== null && (request.requesterId === memberId || request.connectorId === memberId);
  if (!request || !party) throw problems.notFound(INTRODUCTION_MESSAGES.requestNotFound);
  const members = await getMembers(db, [request.requesterId, request.targetId!, request.connectorId!]);
  const names: Names = new Map(members.map((m) => [m.id, m.name]));
  const [requester, target, connector] = [nameIn(names, request.requesterId), nameIn(names, request.targetId), nameIn(names, request.connectorId)];
  if (request.connectorId !== memberId) throw problems.forbidden(M.notConnector(connector), 'NOT_CONNECTOR');
  const status = requestStatusAt(request, now);
  if (status !== 'awaiting_connector') throw refusal(status);
  const note = noteOf(body, action === 'forward' ? M.noteRequired(requester) : null);
  const to = action === 'forward' ? 'forwarded' : 'declined';

  const introductionId = await db.transaction(async (t) => {
    if (!(await answerAsConnector(db, t, request.id, to, note, now, connectorAskedAfter(now)))) {
      const current = await findRequest(db, request.id, t);
      throw refusal(current ? requestStatusAt(current, now) : 'declined');
    }
    recordRequestChanges(db, t, [request]);
    const own = { memberId, type: 'introduction_suggested', aboutMemberId: request.requesterId, at: now } as const;
    if (to === 'declined') {
      const object = { type: 'introduction_request', id: request.id } as const;
      await notify(db, t, {
        memberId: request.requesterId,
        kind: 'introduction_declined',
        type: 'introduction_declined',
        bell: `${connector} declined to introduce you to ${target}${note ? `: “${note}”` : '.'}`,
        // The note is the connector's message: never on a lock screen.
        push: `${connector} declined to introduce you to ${target}.`,
        text: { template: INTRODUCTION_TEXTS.connectorDeclined, fields: { names: { connector, target } } },
        object,
        link: notificationLinks.requestSuggestions(request.id),
        aboutMemberId: memberId,
        at: now,
      });
      await noteOwnStep(db, t, { ...own, bell: `You declined to introduce ${requester} to ${target}.`, object, link: notificationLinks.connectorAsk(request.id) });
      return null;
    }
    const suggestion = await insertSuggestion(db, t, { requestId: request.id, suggesterId: memberId, suggestedPersonId: request.targetId!, isSelfSuggestion: false, reasoning: note!, createdAt: now }, { status: 'accepted', respondedAt: now });
    const introduction = await insertIntroduction(db, t, { suggestionId: suggestion.id, requestId: request.id, requesterId: request.requesterId, targetId: request.targetId!, connectorId: memberId, status: 'awaiting_target', createdAt: now, expiresAt: introductionExpiry(now) });
    recordIntroductionChanges(db, t, [introduction]);
    const about = { object: { type: 'introduction', id: introduction.id } as const, link: notificationLinks.introduction(introduction.id), at: now };
    await notify(db, t, {
      ...about,
      memberId: request.targetId!,
      kind: 'introduction_asked',
      type: 'introduction_asked',
      bell: `${connector} would like to introduce you to ${requester}, who asked to meet you. Answer in Introduction Requests → Introductions.`,
      text: { template: INTRODUCTION_TEXTS.forwardedToTarget, fields: { names: { connector, requester } } },
      aboutMemberId: request.requesterId,
    });
    await notify(db, t, { ...about, memberId: request.requesterId, kind: 'introduction_forwarded', type: 'introduction_suggested', bell: `${connector} forwarded your request to ${target}, who is asked whether they want the introduction.`, aboutMemberId: memberId });
    await noteOwnStep(db, t, { ...own, ...about, bell: `You forwarded ${requester}'s request to ${target}.` });
    return introduction.id;
  });
  return toConnectorAsk({ ...request, status: to, connectorNote: note, connectorAnsweredAt: now, updatedAt: now }, names, introductionId);
}
