/**
 * The double opt-in introduction (issue 16): after the requester accepts a suggestion, the
 * suggested person (the target) is asked whether they want the introduction. Only when both
 * agreed do they see each other's name and phone and the connector's note.
 */
import { z } from 'zod';
import { REQUEST_TYPE_SUGGESTIONS } from './introductions.rules';
import { isoDateTime } from './wire';

/**
 * awaiting_target: the requester accepted, the target has not answered; introduced: both agreed;
 * declined: the target said no; expired: no answer within INTRODUCTION_ANSWER_DAYS; cancelled: the
 * requester cancelled the request before the target answered.
 */
export const INTRODUCTION_STATUSES = ['awaiting_target', 'introduced', 'declined', 'expired', 'cancelled'] as const;
export type IntroductionStatus = (typeof INTRODUCTION_STATUSES)[number];

/** Days the suggested person has to answer before the introduction lapses (silence is a no). */
export const INTRODUCTION_ANSWER_DAYS = 14;

/** What the member is to this introduction. */
export const INTRODUCTION_ROLES = ['requester', 'target', 'connector'] as const;
export type IntroductionRole = (typeof INTRODUCTION_ROLES)[number];

/** Free text, not an enum: the form only suggests some (REQUEST_TYPE_SUGGESTIONS). */
export const requestTypeSchema = z.string().meta({ description: "What kind of introduction, in the requester's words (free text)", examples: [...REQUEST_TYPE_SUGGESTIONS] });

const person = z.object({
  name: z.string(),
  phone: z.string().nullable().describe('E.164, only to the requester and the target once introduced; null otherwise'),
});

/** One introduction as a participant sees it (GET /api/introductions). */
export const introductionSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  suggestionId: z.number().int(),
  role: z.enum(INTRODUCTION_ROLES),
  status: z.enum(INTRODUCTION_STATUSES),
  requestType: requestTypeSchema,
  desiredSkills: z.string(),
  reason: z.string().describe("The requester's reason for the request"),
  note: z.string().describe("The connector's note: why they suggested the target"),
  requester: person,
  target: person,
  connector: z.object({ name: z.string() }),
  createdAt: isoDateTime('ISO 8601: when the requester accepted the suggestion'),
  expiresAt: isoDateTime('ISO 8601: the target must answer before this'),
  answeredAt: isoDateTime('ISO 8601: when the target agreed or declined').nullable(),
  updatedAt: isoDateTime('ISO 8601: its last change (asked, answered, cancelled); what `updated_since` compares. Expiry is not a change: expiresAt says when'),
}).meta({ id: 'Introduction' });
export type Introduction = z.infer<typeof introductionSchema>;
export const introductionListSchema = z.array(introductionSchema);

/** The introduction of an accepted suggestion, on the suggestion as the requester sees it. */
export const suggestionIntroductionSchema = z.object({
  id: z.number().int(),
  status: z.enum(INTRODUCTION_STATUSES),
  expiresAt: isoDateTime('ISO 8601: the target must answer before this'),
  answeredAt: isoDateTime('ISO 8601: when the target agreed or declined').nullable(),
}).meta({ id: 'SuggestionIntroduction' });
export type SuggestionIntroduction = z.infer<typeof suggestionIntroductionSchema>;
