/** Asks for a vouch on the wire (issue 28 item 4); rules and texts in vouch-asks.rules.ts. */
import { z } from 'zod';
import { isoDateTime } from './wire';
import { memberTextPattern, memberTextRule } from './member-text';
import { VOUCH_ASK_BOXES, VOUCH_ASK_MESSAGE_MAX_LENGTH, VOUCH_ASK_STATUSES } from './vouch-asks.rules';

export * from './vouch-asks.rules';

const memberIdText = z.string().regex(/^[1-9]\d{0,14}$/, { error: 'The member id must be a whole number.' }).transform(Number);

/** POST /api/vouch-asks. */
export const createVouchAskBody = z.object({
  memberId: z.number({ error: 'Name the member to ask (memberId, a whole number).' }).int({ error: 'The member id must be a whole number.' }).positive({ error: 'The member id must be a whole number.' }),
  message: z
    .string()
    .trim()
    .max(VOUCH_ASK_MESSAGE_MAX_LENGTH, { error: `The message is at most ${VOUCH_ASK_MESSAGE_MAX_LENGTH} characters.` })
    .superRefine(memberTextRule('The message', { multiline: true }))
    .regex(memberTextPattern({ multiline: true }))
    .nullable()
    .optional(),
});
export type CreateVouchAskInput = z.input<typeof createVouchAskBody>;

/** POST /api/vouch-asks/:id/decline: optionally, take no more asks from the asker. */
export const declineVouchAskBody = z
  .object({ block: z.boolean({ error: 'Block must be true or false.' }).optional().describe("Don't let the asker ask me again (DELETE /api/vouch-asks/blocks/{memberId} undoes it)") })
  .strict();

/** GET /api/vouch-asks query. */
export const vouchAskListQuery = z.object({
  box: z.enum(VOUCH_ASK_BOXES, { error: `The box is one of: ${VOUCH_ASK_BOXES.join(', ')}.` }).default('received'),
  memberId: memberIdText.optional().describe('Only the asks between you and this member'),
});

const askMember = z.object({ id: z.number().int().nullable().describe('Null once the member deleted their account'), name: z.string() });

export const vouchAskSchema = z
  .object({
    id: z.number().int(),
    status: z.enum(VOUCH_ASK_STATUSES),
    message: z.string().nullable(),
    asker: askMember.describe('Who asked for the vouch'),
    asked: askMember.describe('Who was asked to vouch'),
    createdAt: isoDateTime(),
    answeredAt: isoDateTime('ISO 8601; when it was declined or fulfilled, null while open').nullable(),
    updatedAt: isoDateTime(),
  })
  .meta({ id: 'VouchAsk' });
export type VouchAsk = z.infer<typeof vouchAskSchema>;
export const vouchAskListSchema = z.array(vouchAskSchema);

/** GET /api/vouch-asks/blocks: a member I take no asks for a vouch from. */
export const vouchAskBlockSchema = z
  .object({ member: z.object({ id: z.number().int(), name: z.string() }), createdAt: isoDateTime('When I blocked their asks') })
  .meta({ id: 'VouchAskBlock' });
export type VouchAskBlock = z.infer<typeof vouchAskBlockSchema>;
