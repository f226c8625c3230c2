import { isProblem, parse, problems, type Database, type FieldError } from '@vouch/service-core';
import { getMember, updateMemberStats } from '@vouch/service-auth';
import { consumeQuota, getTier, requiredPlanForIntroductionDegree } from '@vouch/service-subscriptions';
import { noteOwnStep } from '@vouch/service-notifications';
import { createIntroductionRequestBody, INTRODUCTION_MESSAGES, notificationLinks, introductionRequestRuleErrors, type IntroductionDegree, type IntroductionRequest } from '@vouch/contracts';
import { insertRequest } from '../data-access/requests-and-suggestions.repository';
import { degreeNotInPlan } from './messages';
import { toRequestDto } from './request-dto';
import { recordRequestChanges } from './introduction-sync';

export interface CreateRequestCommand {
  requestType: string;
  desiredSkills: string;
  reason: string;
  context: string | null;
  degreeLevel: IntroductionDegree;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Checks a POST /api/introduction-requests body: every broken rule at once in `errors`; when a
 * required field is missing the detail is SPEC §5's "Please fill in all required fields".
 */
export function toCreateRequestCommand(body: unknown): CreateRequestCommand {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldError[] = [];
  let input: ReturnType<typeof createIntroductionRequestBody.parse> | null = null;
  try {
    input = parse(createIntroductionRequestBody, body);
  } catch (error) {
    if (!isProblem(error) || !error.errors) throw error;
    errors.push(...error.errors);
  }
  const missing = introductionRequestRuleErrors({ requestType: asText(raw.requestType), desiredSkills: asText(raw.desiredSkills), reason: asText(raw.reason) });
  for (const e of missing) if (!errors.some((x) => x.field === e.field)) errors.push(e);
  if (errors.length > 0 || !input) {
    const detail = missing.length > 0 ? INTRODUCTION_MESSAGES.requiredFields : errors.map((e) => e.message).join(' ');
    throw problems.badRequest(detail, errors);
  }
  const context = input.context?.trim();
  return {
    requestType: input.requestType!.trim(),
    desiredSkills: input.desiredSkills!.trim(),
    reason: input.reason!.trim(),
    context: context ? context : null,
    degreeLevel: input.degreeLevel as IntroductionDegree,
  };
}

/**
 * Creates an introduction request: the member needs at least one accepted vouch (given or
 * received; 403) and a plan that reaches the degree (403 naming the plan that does). One
 * transaction: a unit of the 'introductions' allowance (402 at the limit), the row, the
 * requester's introductionRequestsCount and the introduction_requested activity.
 */
export async function createIntroductionRequest(db: Database, memberId: number, command: CreateRequestCommand, now = new Date()): Promise<IntroductionRequest> {
  const member = await getMember(db, memberId);
  if (!member) throw problems.unauthorized();
  if (member.vouchesGiven + member.vouchesReceived <= 0) throw problems.forbidden(INTRODUCTION_MESSAGES.noVouchYet, 'NO_VOUCH_YET');
  const tier = await getTier(db, memberId);
  if (!tier.introductionDegrees.includes(command.degreeLevel)) {
    throw problems.forbidden(degreeNotInPlan(tier, command.degreeLevel, requiredPlanForIntroductionDegree(command.degreeLevel)), 'PLAN_TIER');
  }
  const request = await db.transaction(async (t) => {
    await consumeQuota(db, t, memberId, 'introductions', { now });
    const created = await insertRequest(db, t, { requesterId: memberId, ...command, createdAt: now });
    recordRequestChanges(db, t, [created]);
    await updateMemberStats(db, memberId, { introductionRequestsCount: { increment: 1 } }, t);
    await noteOwnStep(db, t, { memberId, type: 'introduction_requested', bell: `You asked your network for an introduction: ${command.requestType} (${command.desiredSkills}).`, object: { type: 'introduction_request', id: created.id }, link: notificationLinks.requestSuggestions(created.id), at: now });
    return created;
  });
  return toRequestDto(request, { all: 0, pending: 0 });
}
