import { problems } from '@vouch/service-core';
import { getMembers, lockMembers, updateMemberStats } from '@vouch/service-auth';
import { queueNotification } from '@vouch/service-notifications';
import { isVouchTokenShape, RELATIONSHIP_MESSAGES, VOUCH_MESSAGES, type RespondVouchInput, type Vouch } from '@vouch/contracts';
import { linkAcceptedVouch } from '../data-access/neighbours.repository';
import { answerPendingVouch, findVouchById, findVouchByToken, hasLiveVouchTo } from '../data-access/vouch.repository';
import { recordActivity, vouchActivityText } from './activity';
import { requestReputationRecompute } from './reputation-schedule';
import { indexMemberSkills } from './skill-index/skill-index';
import { indexPersonWords } from './people-search';
import type { SignedInMember, VouchesDeps } from './vouches-deps';
import { isExpired, REVOKED_MESSAGE, toVouchDto, voucherNameOf, type VouchRecord } from './vouch';

const notFound = () => problems.notFound(VOUCH_MESSAGES.notFound);

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
 * is the first accepted vouch between them), and both sides get an activity.
 * After an acceptance commits, a reputation recompute is requested (it runs after the response).
 */
export async function respondToVouch(deps: VouchesDeps, member: SignedInMember, input: RespondVouchInput): Promise<Vouch> {
  const { db } = deps;
  const now = deps.clock();
  if (input.relationship && input.action !== 'accept') throw problems.badRequest(RELATIONSHIP_MESSAGES.onlyWhenAccepting, [{ field: 'relationship', message: RELATIONSHIP_MESSAGES.onlyWhenAccepting }]);
  if (!isVouchTokenShape(input.vouchToken)) throw notFound();
  const vouch = await findVouchByToken(db, input.vouchToken);
  if (!vouch) throw notFound();
  if (vouch.status === 'revoked') throw problems.gone(REVOKED_MESSAGE, 'VOUCH_REVOKED');
  if (vouch.voucherId === member.memberId) throw problems.forbidden('You cannot respond to your own Vouch.', 'OWN_VOUCH');
  if (vouch.recipientPhone !== member.phone) throw problems.forbidden(VOUCH_MESSAGES.phoneMismatch, 'PHONE_MISMATCH');
  const refused = closed(vouch, now);
  if (refused) throw refused;

  const names = new Map((await getMembers(db, [vouch.voucherId, member.memberId])).map((m) => [m.id, m.name]));
  const recipientName = names.get(member.memberId);
  if (recipientName === undefined) throw problems.unauthorized();
  const voucherName = voucherNameOf(names, vouch.voucherId);
  const accepted = input.action === 'accept';

  const answered = await db.transaction(async (t) => {
    // Both people's rows first (an accept changes their counters after the vouch's UPDATE, whose
    // foreign-key check would take a shared lock on the recipient: two accepts for one recipient
    // then deadlock). A locking read sets no snapshot, so the re-read below sees the winner's commit.
    await lockMembers(db, [vouch.voucherId, member.memberId], t);
    const won = await answerPendingVouch(db, t, { id: vouch.id, status: accepted ? 'accepted' : 'rejected', recipientId: member.memberId, now, relationship: accepted ? input.relationship : undefined });
    if (!won) {
      const current = await findVouchById(db, vouch.id, t);
      throw (current && closed(current, now)) ?? problems.conflict('This Vouch has already been answered.', 'ALREADY_RESPONDED');
    }
    if (accepted) {
      await updateMemberStats(db, vouch.voucherId, { vouchesGiven: { increment: 1 } }, t);
      await updateMemberStats(db, member.memberId, { vouchesReceived: { increment: 1 } }, t);
      await recordActivity(db, t, { memberId: vouch.voucherId, type: 'vouch_accepted', description: vouchActivityText.acceptedForVoucher(vouch.type, recipientName), at: now, aboutMemberId: member.memberId });
      await queueNotification(db, t, vouch.voucherId, 'vouch_accepted', vouchActivityText.acceptedForVoucher(vouch.type, recipientName), now);
      await recordActivity(db, t, { memberId: member.memberId, type: 'vouch_accepted', description: vouchActivityText.acceptedForRecipient(vouch.type, voucherName), at: now, aboutMemberId: vouch.voucherId, bySelf: true });
      // The recipient's skill document, from all their accepted vouches, this one included: matching sees it at commit.
      await indexMemberSkills(db, t, [member.memberId]);
      // Both become each other's 1° in the analysis's neighbour rows, also at commit; a first
      // vouch between them is a new connection on both sides, so Stats agrees with the map at once
      // (the worker's recompute counts the same thing and repairs any drift).
      if (await linkAcceptedVouch(db, t, vouch.id)) {
        for (const id of [vouch.voucherId, member.memberId]) await updateMemberStats(db, id, { connectionsCount: { increment: 1 } }, t);
      }
      // Their skills become searchable words (people search), also at commit.
      await indexPersonWords(db, t, member.memberId, { skills: true });
    } else {
      await recordActivity(db, t, { memberId: vouch.voucherId, type: 'vouch_rejected', description: vouchActivityText.rejectedForVoucher(vouch.type, recipientName), at: now, aboutMemberId: member.memberId });
      await recordActivity(db, t, { memberId: member.memberId, type: 'vouch_rejected', description: vouchActivityText.rejectedForRecipient(vouch.type, voucherName), at: now, aboutMemberId: vouch.voucherId, bySelf: true });
    }
    return findVouchById(db, vouch.id, t);
  });
  if (!answered) throw notFound();
  // Scores follow in the worker (a decline changes none: only accepted vouches count).
  if (accepted && deps.backgroundReputation !== false) await requestReputationRecompute(db);
  return toVouchDto(answered, voucherName);
}


/**
 * After `member` accepted `vouch`: its voucher, to offer "Vouch back for <name>"; null when it was
 * declined, the voucher left, or the member already vouched for them (pending or accepted).
 */
export async function vouchBackFor(deps: VouchesDeps, member: SignedInMember, vouch: Vouch): Promise<{ memberId: number; name: string } | null> {
  if (vouch.status !== 'accepted' || vouch.voucherId === null || vouch.voucherId === member.memberId) return null;
  const [voucher] = await getMembers(deps.db, [vouch.voucherId]);
  if (!voucher || (await hasLiveVouchTo(deps.db, member.memberId, voucher.phone))) return null;
  return { memberId: voucher.id, name: voucher.name };
}
