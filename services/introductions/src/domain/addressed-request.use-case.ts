/**
 * A request addressed to a member (issue 44): "introduce me to Ines", through a 1° connection of
 * mine who knows her (the connector), instead of a request to my whole network. It is stored as an
 * introduction request with a target and a connector; the connector forwards or declines it
 * (connector-answer.use-case.ts), and the target's double opt-in finishes it.
 */
import { UniqueConstraintError } from 'sequelize';
import { isProblem, parse, problems, type Database, type FieldError } from '@vouch/service-core';
import { getMember, getMembers, updateMemberStats } from '@vouch/service-auth';
import { consumeQuota, getTier, requiredPlanForIntroductionDegree } from '@vouch/service-subscriptions';
import { neighbourIdsOf } from '@vouch/service-vouches';
import { noteOwnStep, notify } from '@vouch/service-notifications';
import { ADDRESSED_REQUEST_MESSAGES as M, addressedRequestBody, INTRODUCTION_MESSAGES, notificationLinks, REQUEST_TYPE_MAX_LENGTH, type IntroductionConnectors, type IntroductionRequest } from '@vouch/contracts';
import { insertAddressedRequest, releaseExpiredAsk } from '../data-access/requests-and-suggestions.repository';
import { connectorAskedAfter } from './introduction-state';
import { recordRequestChanges } from './introduction-sync';
import { degreeNotInPlan, INTRODUCTION_TEXTS } from './messages';
import { toRequestDto } from './request-dto';

export interface AddressedRequestCommand {
  targetId: number;
  connectorId: number;
  reason: string;
  context: string | null;
}

/** Whether a POST /api/introduction-requests body is addressed to a member (it names targetId). */
export const isAddressedBody = (body: unknown): boolean => !!body && typeof body === 'object' && 'targetId' in body && (body as { targetId: unknown }).targetId != null;

/** Checks an addressed body: every broken rule at once in `errors` (400), the first one's sentence as the detail. */
export function toAddressedRequestCommand(body: unknown): AddressedRequestCommand {
  const errors: FieldError[] = [];
  let input: ReturnType<typeof addressedRequestBody.parse> | null = null;
  try {
    input = parse(addressedRequestBody, body);
  } catch (error) {
    if (!isProblem(error) || !error.errors) throw error;
    errors.push(...error.errors.map((e) => (e.field === 'targetId' ? { ...e, message: M.targetRequired } : e)));
  }
  if (input && (input.connectorId === null || input.connectorId === undefined)) errors.push({ field: 'connectorId', message: M.connectorRequired });
  if (input && !input.reason?.trim()) errors.push({ field: 'reason', message: M.reasonRequired });
  if (errors.length > 0 || !input) throw problems.badRequest(errors.map((e) => e.message).join(' '), errors);
  return { targetId: input.targetId, connectorId: input.connectorId!, reason: input.reason!.trim(), context: input.context?.trim() || null };
}

/** The member's 1° people, and the target's: from the neighbour rows the graph keeps (one read). */
async function firstDegrees(db: Database, memberId: number, targetId: number): Promise<{ mine: Set<number>; theirs: Set<number> }> {
  const lists = await neighbourIdsOf(db, [memberId, targetId]);
  return { mine: new Set(lists.get(memberId) ?? []), theirs: new Set(lists.get(targetId) ?? []) };
}

/**
 * GET /api/introduction-requests/connectors?targetId=: who can introduce me to the member — my
 * 1° connections directly connected to them, by name — and my degree to them (1, 2, or null when
 * further: nobody I know knows them). Myself or an unknown member: 404.
 */
export async function introductionConnectors(db: Database, memberId: number, targetId: number): Promise<IntroductionConnectors> {
  const target = targetId === memberId ? null : await getMember(db, targetId);
  if (!target) throw problems.notFound(M.targetNotFound);
  const { mine, theirs } = await firstDegrees(db, memberId, targetId);
  const shared = [...mine].filter((id) => theirs.has(id));
  const connectors = (await getMembers(db, shared)).map((m) => ({ id: m.id, name: m.name })).sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const degree = mine.has(targetId) ? 1 : connectors.length > 0 ? 2 : null;
  return { target: { id: target.id, name: target.name, degree }, connectors };
}

/**
 * POST /api/introduction-requests with targetId: the member asks `connectorId` to introduce them
 * to `targetId`. 400 for a missing connector or reason, or a request to oneself or through oneself
 * or the target; 404 for an unknown member; 403 without an accepted vouch, when the connector is
 * not my 1° or not directly connected to the target, or outside the plan's degrees; 409 when the
 * target is already my 1°, or an open request of mine to them exists (the unique open_to_target,
 * so simultaneous clients make one; one expired awaiting its connector no longer counts). One transaction: a unit of 'introductions' (402 at the
 * limit), the row, introductionRequestsCount + 1, my own step, and the connector's notice.
 */
export async function createAddressedRequest(db: Database, memberId: number, command: AddressedRequestCommand, now = new Date()): Promise<IntroductionRequest> {
  const { targetId, connectorId } = command;
  if (targetId === memberId) throw problems.badRequest(M.notYourself, [{ field: 'targetId', message: M.notYourself }]);
  if (connectorId === memberId) throw problems.badRequest(M.connectorIsYou, [{ field: 'connectorId', message: M.connectorIsYou }]);
  const people = new Map((await getMembers(db, [memberId, targetId, connectorId])).map((m) => [m.id, m]));
  const [member, target, connector] = [people.get(memberId), people.get(targetId), people.get(connectorId)];
  if (!member) throw problems.unauthorized();
  if (!target) throw problems.notFound(M.targetNotFound);
  if (connectorId === targetId) throw problems.badRequest(M.connectorIsTarget(target.name), [{ field: 'connectorId', message: M.connectorIsTarget(target.name) }]);
  if (member.vouchesGiven + member.vouchesReceived <= 0) throw problems.forbidden(INTRODUCTION_MESSAGES.noVouchYet, 'NO_VOUCH_YET');
  const { mine, theirs } = await firstDegrees(db, memberId, targetId);
  if (mine.has(targetId)) throw problems.conflict(M.alreadyConnected(target.name), 'ALREADY_CONNECTED');
  if (!connector || !mine.has(connectorId)) throw problems.forbidden(M.connectorNotFirstDegree(connector?.name ?? 'This member'), 'NOT_FIRST_DEGREE');
  if (!theirs.has(connectorId)) throw problems.forbidden(M.connectorDoesNotKnow(connector.name, target.name), 'CONNECTOR_DOES_NOT_KNOW_TARGET');
  // Through a shared 1° the target is exactly 2°: the plan's degrees are checked as for any request.
  const degreeLevel = 2;
  const tier = await getTier(db, memberId);
  if (!tier.introductionDegrees.includes(degreeLevel)) throw problems.forbidden(degreeNotInPlan(tier, degreeLevel, requiredPlanForIntroductionDegree(degreeLevel)), 'PLAN_TIER');

  const requestType = `Introduction to ${target.name}`.slice(0, REQUEST_TYPE_MAX_LENGTH);
  const created = await db
    .transaction(async (t) => {
      await consumeQuota(db, t, memberId, 'introductions', { now });
      // A request of mine to them whose connector never answered has expired: it no longer holds the one open request.
      await releaseExpiredAsk(db, t, memberId, targetId, connectorAskedAfter(now));
      const row = await insertAddressedRequest(db, t, { requesterId: memberId, requestType, desiredSkills: '', reason: command.reason, context: command.context, degreeLevel, createdAt: now, targetId, connectorId });
      recordRequestChanges(db, t, [row]);
      await updateMemberStats(db, memberId, { introductionRequestsCount: { increment: 1 } }, t);
      const object = { type: 'introduction_request', id: row.id } as const;
      await noteOwnStep(db, t, { memberId, type: 'introduction_requested', bell: `You asked ${connector.name} to introduce you to ${target.name}.`, object, link: notificationLinks.requestSuggestions(row.id), aboutMemberId: targetId, at: now });
      await notify(db, t, {
        memberId: connectorId,
        kind: 'connector_asked',
        type: 'introduction_asked',
        bell: `${member.name} asks to be introduced to ${target.name}. Forward or decline in Introduction Requests → Introductions.`,
        text: { template: INTRODUCTION_TEXTS.connectorAsked, fields: { names: { requester: member.name, target: target.name } } },
        object,
        link: notificationLinks.connectorAsk(row.id),
        aboutMemberId: memberId,
        at: now,
      });
      return row;
    })
    .catch((error: unknown) => {
      if (error instanceof UniqueConstraintError) throw problems.conflict(M.alreadyAsked(target.name), 'ALREADY_ASKED');
      throw error;
    });
  return toRequestDto(created, { all: 0, pending: 0 }, new Map([[targetId, target.name], [connectorId, connector.name]]));
}
