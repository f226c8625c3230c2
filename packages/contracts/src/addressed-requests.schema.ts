/** Requests addressed to a member (issue 44) on the wire; rules and sentences in addressed-requests.rules.ts. */
import { z } from 'zod';
import { memberTextPattern, memberTextRule } from './member-text';
import { CONNECTOR_NOTE_MAX_LENGTH } from './addressed-requests.rules';
import { isoDateTime } from './wire';

const text = (max: number, label: string) => z.string().trim().max(max).superRefine(memberTextRule(label, { multiline: true })).regex(memberTextPattern({ multiline: true }));
const memberId = z.union([z.number().int().positive(), z.string().trim().regex(/^[1-9]\d{0,14}$/).transform(Number)]);

/** A member named on a request: id and name. */
export const memberRefSchema = z.object({ id: z.number().int(), name: z.string() }).meta({ id: 'MemberRef' });
export type MemberRef = z.infer<typeof memberRefSchema>;

/** `POST /api/introduction-requests` addressed to a member: who, through whom, why (reason 400 when blank). */
export const addressedRequestBody = z.object({
  targetId: memberId.describe('The member you want to be introduced to'),
  connectorId: memberId.nullable().optional().describe('Your 1° connection who knows them and is asked to introduce you (400 when missing)'),
  reason: text(2000, 'The reason').nullable().optional(),
  context: text(2000, 'The context').nullable().optional(),
});
export type AddressedRequestInput = z.input<typeof addressedRequestBody>;

/** `POST /api/introduction-requests/{id}/forward | /decline`: the connector's note (required to forward). */
export const connectorAnswerBody = z.object({ note: text(CONNECTOR_NOTE_MAX_LENGTH, 'The note').nullable().optional() });

/** `GET /api/introduction-requests/connectors?targetId=`: who can introduce me to a member. */
export const introductionConnectorsQuery = z.object({ targetId: memberId });
export const introductionConnectorsResponse = z.object({
  target: memberRefSchema.extend({ degree: z.number().int().min(1).max(3).nullable().describe('1 or 2; null when further (nobody you know knows them)') }),
  connectors: z.array(memberRefSchema).describe('Your 1° connections who are directly connected to the member, by name'),
}).meta({ id: 'IntroductionConnectors' });
export type IntroductionConnectors = z.infer<typeof introductionConnectorsResponse>;

/** A request addressed to a member as its connector sees it (`GET /api/introduction-requests/as-connector`). */
export const connectorAskSchema = z.object({
  id: z.number().int(),
  status: z.string().describe('awaiting_connector, forwarded, declined, completed, cancelled or expired (not answered within INTRODUCTION_ANSWER_DAYS: not listed)'),
  requester: memberRefSchema,
  target: memberRefSchema,
  reason: z.string(),
  context: z.string().nullable(),
  note: z.string().nullable().describe('Your note, once you answered'),
  introductionId: z.number().int().nullable().describe('The introduction your forward started (its double opt-in), or null'),
  createdAt: isoDateTime(),
  answeredAt: isoDateTime('ISO 8601: when you forwarded or declined').nullable(),
}).meta({ id: 'ConnectorAsk' });
export type ConnectorAsk = z.infer<typeof connectorAskSchema>;
export const connectorAskListSchema = z.array(connectorAskSchema);
