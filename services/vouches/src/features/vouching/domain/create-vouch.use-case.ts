import { UniqueConstraintError } from 'sequelize';
import { parse, problems, summarise, type FieldError } from '@vouch/service-core';
import { findMemberByPhone, getMember, normalizePhone } from '@vouch/service-auth';
import { consumeQuota } from '@vouch/service-subscriptions';
import { createVouchBody, VOUCH_CATEGORY_FIELDS, VOUCH_MESSAGES, vouchRuleErrors, type CreatedVouch, type VouchRelationship, type VouchType } from '@vouch/contracts';
import { fulfilOpenAsk } from '../../asks';
import { findPendingVouchIdByKey, insertVouch, releaseExpiredPendingKey, type NewVouch } from '../../../data-access/vouch.repository';
import { tellVouchCreated } from '../../../domain/vouch-notices';
import { recordVouchChanges } from '../../../domain/vouch-sync';
import { newVouchToken } from './token';
import { expiryFrom, pendingKey, toVouchDto, type VouchText } from '../../../domain/vouch';
import type { SignedInMember, VouchesDeps } from '../../../domain/vouches-deps';

/** The checked input of a new vouch: blank text is null, the phone is E.164. */
export interface CreateVouchCommand extends VouchText {
  type: VouchType;
  recipientName: string;
  /** E.164; null when the recipient is named by member id (resolved to their phone in createVouch). */
  recipientPhone: string | null;
  /** A member vouched for by id: their phone is used and never shown to the voucher. */
  recipientMemberId: number | null;
  /** Optional on the API so older clients keep working (null: the vouch shows none); the web form requires it. */
  relationship: VouchRelationship | null;
}

const orNull = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null);

/**
 * Validates a POST /api/vouches body (shape, then SPEC §5 rules and the server's own phone
 * normalisation) into a command, or throws one 400 listing every problem.
 */
export function toCreateVouchCommand(body: unknown, voucher: SignedInMember): CreateVouchCommand {
  const input = parse(createVouchBody, body);
  const errors: FieldError[] = [];
  const recipientMemberId = input.recipientMemberId ?? null;
  const recipientPhone = recipientMemberId === null ? normalizePhone(input.recipientPhone ?? '') : null;
  if (recipientMemberId === voucher.memberId) errors.push({ field: 'recipientMemberId', message: VOUCH_MESSAGES.ownMember });
  else if (recipientMemberId === null && !recipientPhone) errors.push({ field: 'recipientPhone', message: VOUCH_MESSAGES.invalidPhone });
  else if (recipientMemberId === null && recipientPhone === voucher.phone) errors.push({ field: 'recipientPhone', message: VOUCH_MESSAGES.ownPhone });
  // The form's "categories" is no field of the body: the error names each of the three the rule is about.
  errors.push(...vouchRuleErrors(input).flatMap((e): FieldError[] => (e.field === 'categories' ? VOUCH_CATEGORY_FIELDS.map((field) => ({ field, message: e.message })) : [e])));
  if (errors.length > 0) throw problems.badRequest(summarise(errors), errors);
  return {
    type: input.type,
    recipientName: input.recipientName.trim(),
    recipientPhone,
    recipientMemberId,
    reason: orNull(input.reason),
    skills: orNull(input.skills),
    characterTraits: orNull(input.characterTraits),
    accomplishments: orNull(input.accomplishments),
    relationship: input.relationship ?? null,
  };
}

/** The phone of the command's recipient: typed, or the named member's (400 when there is no such member). */
async function recipientPhoneOf(deps: VouchesDeps, command: CreateVouchCommand): Promise<string> {
  if (command.recipientMemberId === null) return command.recipientPhone!;
  const member = await getMember(deps.db, command.recipientMemberId);
  if (!member) throw problems.badRequest(VOUCH_MESSAGES.memberNotFound, [{ field: 'recipientMemberId', message: VOUCH_MESSAGES.memberNotFound }]);
  return member.phone;
}

const DUPLICATE = 'You already have a pending Vouch for this phone number. Share its link again, or wait until it is answered or expires.';

/**
 * Creates a pending vouch in one transaction: the vouch, one unit of the voucher's monthly
 * allowance (invites → 'invites', recommendations → 'vouches'; 402 at the limit), the voucher's
 * vouch_created activity and, when the recipient is a member, their notification. Any failure
 * writes nothing. The answer says whether the recipient was a member (`recipientIsMember`): the
 * review step tells the voucher they were told, instead of asking them to send the link.
 * One pending vouch per voucher and recipient phone (409 DUPLICATE with the pending vouch's id
 * as `existingId`); an expired one no longer counts.
 */
export async function createVouch(deps: VouchesDeps, voucher: SignedInMember, command: CreateVouchCommand): Promise<CreatedVouch> {
  const { db } = deps;
  const now = deps.clock();
  const voucherMember = await getMember(db, voucher.memberId);
  if (!voucherMember) throw problems.unauthorized();
  const recipientPhone = await recipientPhoneOf(deps, command);
  const { recipientMemberId, ...fields } = command;

  const row: NewVouch = {
    ...fields,
    recipientPhone,
    phonePrivate: recipientMemberId !== null,
    vouchToken: newVouchToken(),
    voucherId: voucher.memberId,
    pendingKey: pendingKey(voucher.memberId, recipientPhone),
    createdAt: now,
    expiresAt: expiryFrom(now, deps.expiryDays),
  };

  let created;
  try {
    created = await db.transaction(async (t) => {
      // An expired vouch nobody answered no longer blocks a new one.
      await releaseExpiredPendingKey(db, t, row.pendingKey, now);
      const vouch = await insertVouch(db, t, row);
      recordVouchChanges(db, t, [vouch]);
      await consumeQuota(db, t, voucher.memberId, command.type === 'invite' ? 'invites' : 'vouches', { now });
      // A recipient who is a member already hears of it at once (bell, and text and push as they
      // chose); others by the link the voucher shares (we never text a stranger).
      const found = await findMemberByPhone(db, recipientPhone, t);
      const recipient = found && found.id !== voucher.memberId ? found : null;
      // Vouching for a member who asked you for a vouch answers their ask.
      const answersAsk = recipient ? (await fulfilOpenAsk(db, t, { askerId: recipient.id, askedId: voucher.memberId, now })) > 0 : false;
      await tellVouchCreated(db, t, { ...vouch, voucherId: voucher.memberId }, voucherMember.name, recipient && { id: recipient.id, answersAsk }, now);
      return { vouch, recipientIsMember: recipient !== null };
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    // Read after the transaction ended: the vouch that won holds the key (committed by then).
    const existingId = await findPendingVouchIdByKey(db, row.pendingKey);
    throw existingId === null ? problems.conflict(DUPLICATE, 'DUPLICATE') : problems.duplicate(DUPLICATE, existingId);
  }
  return { ...toVouchDto(created.vouch, voucherMember.name), recipientIsMember: created.recipientIsMember };
}
