/** The server's sentences for introductions that are not form rules (those are in @vouch/contracts). */
import { INTRODUCTION_ANSWER_DAYS, type IntroductionDegree } from '@vouch/contracts';
import { planDisplayName, type PlanName, type Tier } from '@vouch/service-subscriptions';

const ORDINAL: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd' };
export const degreeWord = (degree: number) => ORDINAL[degree] ?? `${degree}th`;
const degreeList = (degrees: readonly number[]) => {
  const words = degrees.map(degreeWord);
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
};

/** 403 when the plan does not reach the request's degree. */
export function degreeNotInPlan(tier: Tier, degree: number, required: PlanName): string {
  return `${degreeWord(degree)} degree introductions are available with ${planDisplayName(required)}. Your ${tier.displayName} plan reaches ${degreeList(tier.introductionDegrees)} degree connections.`;
}

/** Why this member cannot suggest themselves for a request of `degree`; null when they can (SPEC §6). */
export function selfSuggestionRestriction(tier: Tier, degree: IntroductionDegree, required: PlanName): string | null {
  if (tier.selfSuggestDegrees.includes(degree)) return null;
  if (tier.selfSuggestDegrees.length === 0) {
    return `Suggesting yourself is not included in your ${tier.displayName} plan. Upgrade to ${planDisplayName(required)} to suggest yourself for ${degreeWord(degree)} degree requests.`;
  }
  return `Your ${tier.displayName} plan lets you suggest yourself for ${degreeList(tier.selfSuggestDegrees)} degree requests. Upgrade to ${planDisplayName(required)} to suggest yourself for ${degreeWord(degree)} degree requests.`;
}

export const SUGGESTION_MESSAGES = {
  personRequired: 'Please choose the person you are suggesting.',
  notRequester: 'You cannot suggest the requester to themselves.',
  ownRequest: 'You cannot make suggestions for your own introduction request.',
  notOpen: 'This introduction request is no longer taking suggestions.',
  duplicate: 'You have already suggested this person for this request.',
  notInNetwork: (degree: number) => `You can only suggest people in your network (within ${degreeWord(degree)} degree of you, the reach of this request).`,
  alreadyAnswered: (status: string) => `This suggestion has already been ${status}.`,
  requestCancelled: 'This introduction request was cancelled, so its suggestions can no longer be answered.',
} as const;

/** The suggested person's answer to an introduction (POST /api/introductions/:id/accept|decline). */
export const INTRODUCTION_OPT_IN_MESSAGES = {
  notFound: 'Introduction not found.',
  notTarget: (target: string) => `Only ${target} can answer this introduction: it is their phone number to share.`,
  alreadyAnswered: (status: string) => (status === 'introduced' ? 'You already agreed to this introduction.' : 'You already declined this introduction.'),
  cancelled: 'This introduction was withdrawn: the requester cancelled their request.',
  expired: `This introduction expired: it waited ${INTRODUCTION_ANSWER_DAYS} days without an answer. The requester can ask again.`,
} as const;

/** Cancelling a request (POST /api/introduction-requests/:id/cancel). */
export const CANCEL_MESSAGES = {
  notRequester: 'Only the member who asked for this introduction can cancel it.',
  completed: 'This introduction request is already completed: an introduction was made, so it can no longer be cancelled.',
  cancelled: 'This introduction request is already cancelled.',
  expired: 'This introduction request already expired: the member asked to introduce you did not answer in time.',
} as const;

/**
 * The texts (SMS) introductions send: templates of ours, filled with names and phone numbers only
 * (the request's own words never travel in a text). The worker adds the introduction's link.
 */
export const INTRODUCTION_TEXTS = {
  offerAccepted: 'Vouch: {requester} accepted your offer to help with their request. Their number: {phone}.',
  introductionAsked: `Vouch: {requester} would like an introduction to you, suggested by {connector}. Agree or decline within ${INTRODUCTION_ANSWER_DAYS} days:`,
  introductionAgreed: 'Vouch: {target} agreed to your introduction. Their number: {phone}.',
  introductionDeclined: 'Vouch: {target} declined the introduction you asked for.',
  suggestionReceived: 'Vouch: {suggester} has a suggestion for your introduction request.',
  connectorAsked: 'Vouch: {requester} asks you to introduce them to {target}. Forward or decline:',
  forwardedToTarget: `Vouch: {connector} would like to introduce you to {requester}, who asked to meet you. Agree or decline within ${INTRODUCTION_ANSWER_DAYS} days:`,
  connectorDeclined: 'Vouch: {connector} declined to introduce you to {target}.',
} as const;
