import { problems } from '@vouch/service-core';
import { findMemberByPhone, getMembers, lockMembers, updateMemberStats } from '@vouch/service-auth';
import { isVouchTokenShape, RELATIONSHIP_MESSAGES, VOUCH_MESSAGES, type RespondVouchInput, type Vouch, type VouchBack } from '@vouch/contracts';
import { linkAcceptedVouch } from '../../trust-paths';
import { answerPendingVouch, findVouchById, findVouchByToken, hasLiveVouchTo } from '../../../data-access/vouch.repository';
import { tellVouchAnswered } from '../../../domain/vouch-notices';
import { recordVouchChanges } from '../../../domain/vouch-sync';
import { requestReputationRecompute } from '../../reputation';
import { indexMemberSkills } from '../../skill-index';
import { indexPersonWords } from '../../people-search';
import type { PhoneVerified, VouchesDeps } from '../../../domain/vouches-deps';
import { isExpired, REVOKED_MESSAGE, toVouchDto, voucherNameOf, type VouchRecord } from '../../../domain/vouch';

const notFound = () => problems.notFound(VOUCH_MESSAGES.notFound);

/** An accept from a phone-verified session without a member: joining comes first (complete-registration). */
export const JOIN_BEFORE_ACCEPTING = 'Create your account (your name) before accepting: only declining needs no account.';

/** Why a vouch cannot be answered any more: 409 once answered, 410 once revoked by its sender or expired. */
function closed(vouch: VouchRecord, now: Date) {
  if (vouch.status === 'revoked') return problems.gone(REVOKED_MESSAGE, 'VOUCH_REVOKED');
  if (vouch.status !== 'pending') return problems.conflict(`This Vouch has already been ${vouch.status}.`, 'ALREADY_RESPONDED');
  if (isExpired(vouch, now)) return problems.gone(VOUCH_MESSAGES.expired, 'VOUCH_EXPIRED');
  return null;
}

/**
 * The recipient accepts or declines a vouch (SPEC §4). Only the signed-in member whose phone
 * is the vouch's recipient phone may answer (403 Phone Number Mismatch), never the voucher;
 * a vouch is answered once (409) and not after it expired (410). Accepting, the recipient may
 * correct the relationship (`relationship`, stored from the voucher's side); declining, they may not (400).
 *
 * Race-safe: the answer is one conditional UPDATE (still pending and unexpired); of any
 * number of concurrent answers exactly one changes the row, the others read the new state
 * and get a 409. In the same transaction an acceptance records the recipient, adds 1 to the
 * voucher's vouchesGiven and the recipient's vouchesReceived (and both connectionsCount when it
 * is the first accepted vouch between them); either answer tells the voucher and is the
 * recipient's own step in their bell. An acceptance also asks for a reputation run (the worker's,
 * after the response) and reads whether to offer "Vouch back", both in that transaction: once it
 * commits nothing is left to fail, so a connection lost after the commit cannot turn the accepted
 * vouch into an error (and an Idempotency-Key's retry gets this answer, not a 409).
 *
 * Declining without joining (issue 44): `caller` may be a phone-verified session without a member
 * (a code entered, no name given); it may only decline (the router refuses it an accept with the
 * 401 REGISTRATION_INCOMPLETE). The vouch is then answered by nobody (recipient_id stays NULL,
 * no member row, no bell of theirs) unless a member holds the phone by now: then it is theirs.
 */
export async function respondToVouch(deps: VouchesDeps, caller: PhoneVerified, input: RespondVouchInput): Promise<{ vouch: Vouch; vouchBack: VouchBack | null }> {
  const { db } = deps;
  const now = deps.clock();
  if (input.relationship && input.action !== 'accept') throw problems.badRequest(RELATIONSHIP_MESSAGES.onlyWhenAccepting, [{ field: 'relationship', message: RELATIONSHIP_MESSAGES.onlyWhenAccepting }]);
  if (caller.memberId === null && input.action === 'accept') throw problems.unauthorized(JOIN_BEFORE_ACCEPTING, 'REGISTRATION_INCOMPLETE');
  if (!isVouchTokenShape(input.vouchToken)) throw notFound();
  const vouch = await findVouchByToken(db, input.vouchToken);
  if (!vouch) throw notFound();
  if (vouch.status === 'revoked') throw problems.gone(REVOKED_MESSAGE, 'VOUCH_REVOKED');
  if (vouch.voucherId === caller.memberId) throw problems.forbidden('You cannot respond to your own Vouch.', 'OWN_VOUCH');
  if (vouch.recipientPhone !== caller.phone) throw problems.forbidden(VOUCH_MESSAGES.phoneMismatch, 'PHONE_MISMATCH');
  const refused = closed(vouch, now);
  if (refused) throw refused;

  // A session verified before its phone joined (another browser registered it since) answers for that member.
  const memberId = caller.memberId ?? (await findMemberByPhone(db, caller.phone))?.id ?? null;
  const people = await getMembers(db, memberId === null ? [vouch.voucherId] : [vouch.voucherId, memberId]);
  const names = new Map(people.map((m) => [m.id, m.name]));
  const voucher = people.find((m) => m.id === vouch.voucherId && m.id !== memberId) ?? null;
  const recipientName = memberId === null ? vouch.recipientName : names.get(memberId);
  if (recipientName === undefined) throw problems.unauthorized();
  const voucherName = voucherNameOf(names, vouch.voucherId);
  const accepted = input.action === 'accept';

  const answered = await db.transaction(async (t) => {
    // Both people's rows first (an accept changes their counters after the vouch's UPDATE, whose
    // foreign-key check would take a shared lock on the recipient: two accepts for one recipient
    // then deadlock). A locking read sets no snapshot, so the re-read below sees the winner's commit.
    await lockMembers(db, memberId === null ? [vouch.voucherId] : [vouch.voucherId, memberId], t);
    const won = await answerPendingVouch(db, t, { id: vouch.id, status: accepted ? 'accepted' : 'rejected', recipientId: memberId, now, relationship: accepted ? input.relationship : undefined });
    if (!won) {
      const current = await findVouchById(db, vouch.id, t);
      throw (current && closed(current, now)) ?? problems.conflict('This Vouch has already been answered.', 'ALREADY_RESPONDED');
    }
    recordVouchChanges(db, t, [{ ...vouch, recipientId: memberId }]);
    if (accepted && memberId !== null) {
      await updateMemberStats(db, vouch.voucherId, { vouchesGiven: { increment: 1 } }, t);
      await updateMemberStats(db, memberId, { vouchesReceived: { increment: 1 } }, t);
      // The recipient's skill document, from all their accepted vouches, this one included: matching sees it at commit.
      await indexMemberSkills(db, t, [memberId]);
      // Both become each other's 1° in the analysis's neighbour rows, also at commit; a first
      // vouch between them is a new connection on both sides, so Stats agrees with the map at once
      // (the worker's recompute counts the same thing and repairs any drift).
      if (await linkAcceptedVouch(db, t, vouch.id)) {
        for (const id of [vouch.voucherId, memberId]) await updateMemberStats(db, id, { connectionsCount: { increment: 1 } }, t);
      }
      // Their skills become searchable words (people search), also at commit.
      await indexPersonWords(db, t, memberId, { skills: true });
    }
    // The voucher hears of the answer either way (bell, text and push as they chose).
    await tellVouchAnswered(db, t, vouch, accepted, { recipient: recipientName, voucher: voucherName }, memberId, now);
    const row = await findVouchById(db, vouch.id, t);
    const back = accepted && memberId !== null && voucher && !(await hasLiveVouchTo(db, memberId, voucher.phone, t)) ? { memberId: voucher.id, name: voucher.name } : null;
    // Scores follow in the worker (a decline changes none); asked here, so an accept that commits
    // has asked for them. Last, as it updates the one row every accept shares: held until the commit.
    if (accepted && deps.backgroundReputation !== false) await requestReputationRecompute(db, t);
    return row && { row, back };
  });
  if (!answered) throw notFound();
  return { vouch: toVouchDto(answered.row, voucherName, recipientName), vouchBack: answered.back };
}

