/**
 * Introductions on the wire (SPEC §3 "Introduction request", "Introduction suggestion",
 * "Match", "Connector insight"; §4 statuses and match tiers; §5 rules; §7 calls), shared by
 * the web and the introductions service. The server checks every rule again itself.
 */
import { z } from 'zod';
import { requestTypeSchema, suggestionIntroductionSchema } from './introduction-opt-in';
import { isoDateTime } from './wire';
import { memberRefSchema } from './addressed-requests.schema';
import { memberTextPattern, memberTextRule } from './member-text';
import { REQUEST_TYPE_SUGGESTIONS, CONFIDENCE_LEVELS, DESIRED_SKILLS_MAX_LENGTH, INTRODUCTION_MESSAGES, INTRODUCTION_REQUEST_STATUSES, INTRODUCTION_TEXT_MAX_LENGTH, REQUEST_TYPE_MAX_LENGTH, SUGGESTION_STATUSES } from './introductions.rules';

export * from './introductions.rules';

/** Member-written text (member-text.ts): `multiline` keeps line breaks. */
const text = (max: number, label: string, multiline = true) => z.string().trim().max(max).superRefine(memberTextRule(label, { multiline })).regex(memberTextPattern({ multiline }));

/** `POST /api/introduction-requests` (SPEC §7). */
export const createIntroductionRequestBody = z.object({
  requestType: text(REQUEST_TYPE_MAX_LENGTH, 'The request type', false)
    .nullable()
    .optional()
    .meta({ description: `Required (400 when blank). Free text up to ${REQUEST_TYPE_MAX_LENGTH} characters; the web form suggests: ${REQUEST_TYPE_SUGGESTIONS.join(', ')}` }),
  desiredSkills: text(DESIRED_SKILLS_MAX_LENGTH, 'Desired skills', false).nullable().optional(),
  reason: text(INTRODUCTION_TEXT_MAX_LENGTH, 'The reason').nullable().optional(),
  context: text(INTRODUCTION_TEXT_MAX_LENGTH, 'The context').nullable().optional(),
  degreeLevel: z
    .number({ error: INTRODUCTION_MESSAGES.degreeLevel })
    .int({ error: INTRODUCTION_MESSAGES.degreeLevel })
    .min(1, { error: INTRODUCTION_MESSAGES.degreeLevel })
    .max(3, { error: INTRODUCTION_MESSAGES.degreeLevel }),
});
export type CreateIntroductionRequestInput = z.input<typeof createIntroductionRequestBody>;

/** An introduction request (SPEC §3) as its requester sees it. */
export const introductionRequestSchema = z.object({
  id: z.number().int(),
  requestType: requestTypeSchema,
  desiredSkills: z.string(),
  reason: z.string(),
  context: z.string().nullable(),
  status: z.enum(INTRODUCTION_REQUEST_STATUSES).describe('expired: addressed to a member and not answered by its connector within 14 days of createdAt (read, not written: not a change for updated_since or sync)'),
  degreeLevel: z.number().int().min(1).max(3),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime('ISO 8601: its last change (status, a suggestion received); what `updated_since` compares'),
  suggestionCount: z.number().int().describe('All suggestions received'),
  pendingSuggestionCount: z.number().int().describe('Suggestions awaiting the requester (pending_requestor)'),
  addressedTo: memberRefSchema.nullable().describe('The member this request is addressed to (issue 44); null for a request to the whole network'),
  connector: memberRefSchema.nullable().describe('The 1° connection asked to make the introduction (addressed requests); null otherwise'),
  connectorNote: z.string().nullable().describe("The connector's note when they forwarded or declined; null before"),
}).meta({ id: 'IntroductionRequest' });
export type IntroductionRequest = z.infer<typeof introductionRequestSchema>;
export const introductionRequestListSchema = z.array(introductionRequestSchema);

/** A request in "My Network's Requests" (SPEC §3 network view). */
export const networkIntroductionRequestSchema = introductionRequestSchema.omit({ suggestionCount: true, pendingSuggestionCount: true, addressedTo: true, connector: true, connectorNote: true }).extend({
  requesterName: z.string(),
  networkSize: z.number().int().describe('How many people you can reach within the request\'s degree (the requester excluded)'),
  canSelfSuggest: z.boolean(),
  selfSuggestionRestriction: z.string().nullable().describe('Why you cannot suggest yourself, or null'),
  requiredTier: z.enum(['premium', 'enterprise']).nullable().describe('The cheapest plan that lets you suggest yourself here, when yours does not'),
  connectionDegree: z.number().int().min(1).max(3).describe('Your degree to the requester'),
}).meta({ id: 'NetworkIntroductionRequest' });
export type NetworkIntroductionRequest = z.infer<typeof networkIntroductionRequestSchema>;
export const networkIntroductionRequestListSchema = z.array(networkIntroductionRequestSchema);

/** A match (SPEC §3). */
export const matchSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  phone: z.string().describe('E.164 when the person is your 1° connection; otherwise masked "•••-•••-1234"'),
  relevanceScore: z.number().int().min(0).max(100),
  matchingFactors: z.array(z.string()),
  aiAnalysis: z.string(),
  confidenceLevel: z.enum(CONFIDENCE_LEVELS),
  createdAt: isoDateTime('ISO 8601: when this match was computed'),
  degree: z.number().int().min(1).max(3).describe('Your degree to this person'),
  path: z.string().describe('How you are connected, e.g. "You → Ana Ruiz → Ben Lee"'),
}).meta({ id: 'Match' });
export type Match = z.infer<typeof matchSchema>;

/** `GET /api/introduction-requests/{id}/my-matches`. */
export const myMatchesResponse = z.object({
  perfect: z.array(matchSchema),
  strong: z.array(matchSchema),
  potential: z.array(matchSchema),
  other: z.array(matchSchema),
}).meta({ id: 'MatchesByTier' });
export type MyMatches = z.infer<typeof myMatchesResponse>;

export const connectorInsightSchema = z.object({
  connectorId: z.number().int(),
  connectorName: z.string(),
  connectorPhone: z.string().describe('Masked "•••-•••-1234"'),
  networkDistance: z.number().int().describe('Always 1: a connector is your direct connection'),
  totalMatches: z.number().int(),
  averageRelevance: z.number().int(),
  perfectMatches: z.number().int(),
  strongMatches: z.number().int(),
  topRelevance: z.number().int(),
}).meta({ id: 'ConnectorInsight' });
export type ConnectorInsight = z.infer<typeof connectorInsightSchema>;

/** `GET /api/introduction-requests/{id}/connector-insights`. */
export const connectorInsightsResponse = z.object({
  connectors: z.array(connectorInsightSchema),
  totalConnectors: z.number().int(),
  totalMatches: z.number().int(),
}).meta({ id: 'ConnectorInsights' });
export type ConnectorInsights = z.infer<typeof connectorInsightsResponse>;

/** A positive whole id, as a number or its decimal text (query strings, some clients). */
export const introductionIdSchema = z.union([z.number().int().positive(), z.string().trim().regex(/^[1-9]\d{0,14}$/).transform(Number)]);

/** `GET /api/introduction-suggestions?requestId=`. */
export const listSuggestionsQuery = z.object({ requestId: introductionIdSchema });

/** `POST /api/introduction-suggestions`: a member of your network, or yourself. */
export const createSuggestionBody = z.object({
  requestId: introductionIdSchema,
  suggestedPersonId: introductionIdSchema.nullable().optional(),
  isSelfSuggestion: z.boolean().optional(),
  reasoning: text(INTRODUCTION_TEXT_MAX_LENGTH, 'The reasoning').nullable().optional(),
});
export type CreateSuggestionInput = z.input<typeof createSuggestionBody>;

/** A suggestion (SPEC §3) as the requester sees it. */
export const suggestionSchema = z.object({
  id: z.number().int(),
  requestId: z.number().int(),
  suggestedPersonId: z.number().int().describe("The suggested member (their profile: /members/{id})"),
  suggestedPersonName: z.string(),
  suggestedPersonPhone: z.string().describe('Masked "•••-•••-1234" until both of you agreed to the introduction: then E.164'),
  degreeLevel: z.number().int().min(1).max(3).nullable().describe("The suggested person's degree from you (the requester) now, 1–3; null when further away"),
  reasoning: z.string(),
  connectorName: z.string().describe('Who made the suggestion'),
  isSelfSuggestion: z.boolean(),
  createdAt: isoDateTime(),
  status: z.enum(SUGGESTION_STATUSES),
  introduction: suggestionIntroductionSchema.nullable().describe('Once you accepted it: whether the suggested person agreed (double opt-in)'),
}).meta({ id: 'IntroductionSuggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;
export const suggestionListSchema = z.array(suggestionSchema);
