/**
 * What the introductions contract holds besides zod schemas: constants, rules, messages and plain types.
 * The web imports only these, so a browser bundle carries no zod (sideEffects: false in
 * package.json lets webpack skip ./introductions.ts, which re-exports all of this for everyone else).
 */

/**
 * SPEC §4; others are shown neutral. A request addressed to a member (issue 44) starts
 * awaiting_connector (the 1° asked to introduce), is forwarded (the target is asked) or declined
 * (by the connector or the target), and completes when the target agrees; one still awaiting its
 * connector after INTRODUCTION_ANSWER_DAYS (the target's 14 days) reads expired (computed on read).
 */
export const INTRODUCTION_REQUEST_STATUSES = ['broadcasting', 'collecting_suggestions', 'completed', 'cancelled', 'awaiting_connector', 'forwarded', 'declined', 'expired'] as const;
export type IntroductionRequestStatus = (typeof INTRODUCTION_REQUEST_STATUSES)[number];
/** Requests still open: taking suggestions, or (addressed to a member) awaiting the connector or the target. */
export const OPEN_INTRODUCTION_REQUEST_STATUSES = ['broadcasting', 'collecting_suggestions', 'awaiting_connector', 'forwarded'] as const;

export const SUGGESTION_STATUSES = ['pending_requestor', 'accepted', 'rejected'] as const;
export type SuggestionStatus = (typeof SUGGESTION_STATUSES)[number];

export const INTRODUCTION_DEGREES = [1, 2, 3] as const;
export type IntroductionDegree = (typeof INTRODUCTION_DEGREES)[number];

export const MATCH_TIERS = ['perfect', 'strong', 'potential', 'other'] as const;
export type MatchTier = (typeof MATCH_TIERS)[number];
export const CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export type ConfidenceLevel = (typeof CONFIDENCE_LEVELS)[number];

/** SPEC §4: ≥ 90 perfect, ≥ 70 strong, ≥ 50 potential, else other. */
export function matchTier(relevanceScore: number): MatchTier {
  if (relevanceScore >= 90) return 'perfect';
  if (relevanceScore >= 70) return 'strong';
  if (relevanceScore >= 50) return 'potential';
  return 'other';
}

/** SPEC §9: the Help dialog shows at most this many potential matches. */
export const MAX_POTENTIAL_MATCHES_SHOWN = 5;

export const REQUEST_TYPE_MAX_LENGTH = 100;
/**
 * What the form offers for the request type. Not a closed set: a member may write their own
 * (SPEC §5 asks only that it is filled), so the API document lists these as examples, not an enum.
 */
export const REQUEST_TYPE_SUGGESTIONS = ['Hiring', 'Job opportunity', 'Mentorship', 'Business partnership', 'Investment', 'Advice', 'Collaboration', 'Client or customer'] as const;
export const DESIRED_SKILLS_MAX_LENGTH = 500;
export const INTRODUCTION_TEXT_MAX_LENGTH = 2000;

/** The sentences a person reads (SPEC §5, §8); the server answers with the same ones. */
export const INTRODUCTION_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  requestTypeRequired: 'Please say what kind of introduction you need.',
  desiredSkillsRequired: 'Please list the skills you are looking for.',
  reasonRequired: 'Please say why you want this introduction.',
  degreeLevel: 'Degree level must be 1, 2 or 3.',
  noVouchYet: 'You need at least one Vouch before you can request introductions. Vouch for someone you trust, or accept a Vouch made for you.',
  reasoningRequired: 'Please provide reasoning for this suggestion',
  selfReasoningRequired: 'Please provide a reason for your self-suggestion',
  requestNotFound: 'Introduction request not found.',
  suggestionNotFound: 'Suggestion not found.',
} as const;

export interface IntroductionRuleError {
  field: 'requestType' | 'desiredSkills' | 'reason';
  message: string;
}

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim().length > 0;

/** SPEC §5: request type, desired skills and reason are required. Empty when valid. */
export function introductionRequestRuleErrors(input: { requestType?: string | null; desiredSkills?: string | null; reason?: string | null }): IntroductionRuleError[] {
  const errors: IntroductionRuleError[] = [];
  if (!filled(input.requestType)) errors.push({ field: 'requestType', message: INTRODUCTION_MESSAGES.requestTypeRequired });
  if (!filled(input.desiredSkills)) errors.push({ field: 'desiredSkills', message: INTRODUCTION_MESSAGES.desiredSkillsRequired });
  if (!filled(input.reason)) errors.push({ field: 'reason', message: INTRODUCTION_MESSAGES.reasonRequired });
  return errors;
}
