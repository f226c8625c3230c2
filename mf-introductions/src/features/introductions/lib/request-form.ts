/**
 * The Request Introduction form as state (SPEC §5, §6) and the pure steps between it and the
 * API: which degrees the member's plan allows, the first problem to show, and the
 * `POST /api/introduction-requests` body. The rules are the shared ones of @vouch/contracts;
 * the server applies them again.
 */
import {
  INTRODUCTION_DEGREES,
  INTRODUCTION_MESSAGES,
  introductionRequestRuleErrors,
  type CreateIntroductionRequestInput,
  type IntroductionDegree,
  type IntroductionRuleError,
  type PlanName,
} from '@vouch/contracts';

export interface RequestFormState {
  requestType: string;
  desiredSkills: string;
  reason: string;
  context: string;
  degreeLevel: IntroductionDegree;
}

export const EMPTY_REQUEST_FORM: RequestFormState = { requestType: '', desiredSkills: '', reason: '', context: '', degreeLevel: 2 };


export type RequestFormField = IntroductionRuleError['field'];

/**
 * SPEC §6: the free plan reaches 1st and 2nd degree; paid plans all three. An unknown plan
 * (still loading, or signed out) is treated as free: the server decides in the end.
 */
export function allowedDegrees(plan: PlanName | null | undefined): IntroductionDegree[] {
  return plan === 'premium' || plan === 'enterprise' ? [...INTRODUCTION_DEGREES] : [1, 2];
}

/** The fields left empty (empty list: the form can be sent) and the sentence of SPEC §5. */
export function checkRequestForm(form: RequestFormState): { fields: RequestFormField[]; message: string | null } {
  const fields = introductionRequestRuleErrors(form).map((error) => error.field);
  return { fields, message: fields.length ? INTRODUCTION_MESSAGES.requiredFields : null };
}

const trimmedOrNull = (value: string): string | null => (value.trim() ? value.trim() : null);

export function toCreateRequestBody(form: RequestFormState): CreateIntroductionRequestInput {
  return {
    requestType: form.requestType.trim(),
    desiredSkills: form.desiredSkills.trim(),
    reason: form.reason.trim(),
    context: trimmedOrNull(form.context),
    degreeLevel: form.degreeLevel,
  };
}

/** SPEC §5: reasoning is required for a suggestion; null when it is there. */
export function suggestionReasoningProblem(reasoning: string, isSelfSuggestion: boolean): string | null {
  if (reasoning.trim()) return null;
  return isSelfSuggestion ? INTRODUCTION_MESSAGES.selfReasoningRequired : INTRODUCTION_MESSAGES.reasoningRequired;
}
