/**
 * Asking a member for a vouch (issue 28 item 4, issue 40): the asked member hears of it (bell,
 * and text and push as they chose), and either vouches for the asker (which fulfils the ask:
 * create-vouch) or declines, which the asker hears of. One open ask per pair; each ask spends one
 * of the asker's monthly `vouchAsks`; who may be asked is vouch-ask-rules.ts.
 */
import { UniqueConstraintError } from 'sequelize';
import { parse, problems, type Database, type PageRequest } from '@vouch/service-core';
import { getMember, getMembers, lockMembers } from '@vouch/service-auth';
import { consumeQuota, getTier, planDisplayName } from '@vouch/service-subscriptions';
import { createVouchAskBody, declineVouchAskBody, VOUCH_ASK_MESSAGES, type VouchAsk, type VouchAskBlock, type VouchAskBox } from '@vouch/contracts';
import { findProfileByMember } from '../../../data-access/profile.repository';
import { acceptedNeighbourPairs } from '../../trust-paths';
import {
  answerOpenAsk,
  askTimesOf,
  blockAsks,
  findAskById,
  findOpenAskId,
  insertOpenAsk,
  isAskBlocked,
  lastDeclinedAt,
  listAskBlocks,
  listAsks,
  unblockAsks,
  type VouchAskRecord,
} from '../data-access/vouch-ask.repository';
import { shortestPath } from '../../trust-paths';
import { askRefusal, weekBefore } from './vouch-ask-rules';
import { tellAskDeclined, tellAsked } from '../../../domain/vouch-notices';
import type { SignedInMember, VouchesDeps } from '../../../domain/vouches-deps';

async function namesOf(db: Database, asks: readonly VouchAskRecord[]): Promise<Map<number, string>> {
  const members = await getMembers(db, [...new Set(asks.flatMap((a) => [a.askerId, a.askedId]))]);
  return new Map(members.map((m) => [m.id, m.name]));
}

function toVouchAskDto(ask: VouchAskRecord, names: ReadonlyMap<number, string>): VouchAsk {
  const person = (id: number) => ({ id, name: names.get(id) ?? 'A member' });
  return {
    id: ask.id,
    status: ask.status,
    message: ask.message,
    asker: person(ask.askerId),
    asked: person(ask.askedId),
    createdAt: ask.createdAt.toISOString(),
    answeredAt: ask.answeredAt ? ask.answeredAt.toISOString() : null,
    updatedAt: ask.updatedAt.toISOString(),
  };
}

/**
 * POST /api/vouch-asks: `member` asks `memberId` for a vouch. Refused (askRefusal) beyond the
 * plan's reach (403; 404 for a private member), when blocked (403), within 30 days of a decline
 * (409) and past the asked member's weekly cap (429). In one transaction, with both members'
 * rows locked so concurrent askers count each other: the ask, one unit of the asker's monthly
 * allowance (402 at the limit), and the asked member's notification. 409 DUPLICATE with
 * `existingId` while an ask of the same pair is open.
 */
export async function askForVouch(deps: VouchesDeps, member: SignedInMember, body: unknown): Promise<VouchAsk> {
  const { db } = deps;
  const input = parse(createVouchAskBody, body);
  if (input.memberId === member.memberId) throw problems.badRequest(VOUCH_ASK_MESSAGES.ownAsk, [{ field: 'memberId', message: VOUCH_ASK_MESSAGES.ownAsk }], 'OWN_ASK');
  const [asker, asked] = await Promise.all([getMember(db, member.memberId), getMember(db, input.memberId)]);
  if (!asker) throw problems.unauthorized();
  if (!asked) throw problems.notFound(VOUCH_ASK_MESSAGES.memberNotFound);
  const tier = await getTier(db, asker.id);
  const path = await shortestPath(asker.id, asked.id, tier.askDegree, (ids) => acceptedNeighbourPairs(db, ids));
  const now = deps.clock();
  const message = input.message?.trim() || null;
  let ask: VouchAskRecord;
  try {
    ask = await db.transaction(async (t) => {
      // Both rows, in id order (the ask's foreign keys would take shared locks on them: two members
      // asking each other at once would deadlock); the asked member's lock also makes concurrent
      // askers count each other against the weekly cap.
      await lockMembers(db, [asker.id, asked.id], t);
      const [profile, blocked, declinedAt, recentAsks] = [
        await findProfileByMember(db, asked.id, t),
        await isAskBlocked(db, asked.id, asker.id, t),
        await lastDeclinedAt(db, asker.id, asked.id, t),
        await askTimesOf(db, asked.id, weekBefore(now), t),
      ];
      const refused = askRefusal({
        askedName: asked.name,
        degree: path ? path.length - 1 : null,
        askDegree: tier.askDegree,
        planName: tier.displayName,
        upgradePlanName: planDisplayName('premium'),
        askedIsPublic: profile?.isPublic ?? false,
        blocked,
        lastDeclinedAt: declinedAt,
        recentAsks,
        now,
      });
      if (refused) throw refused;
      const created = await insertOpenAsk(db, t, { askerId: asker.id, askedId: asked.id, message, now });
      await consumeQuota(db, t, asker.id, 'vouchAsks', { now });
      await tellAsked(db, t, created, asker, asked.id, now);
      return created;
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const existingId = await findOpenAskId(db, asker.id, asked.id);
    throw existingId === null ? problems.conflict(VOUCH_ASK_MESSAGES.duplicate, 'DUPLICATE') : problems.duplicate(VOUCH_ASK_MESSAGES.duplicate, existingId);
  }
  return toVouchAskDto(ask, new Map([[asker.id, asker.name], [asked.id, asked.name]]));
}

/** An ask as one of its two members may see it; for anyone else the 404 of an unknown id. */
async function askFor(db: Database, member: SignedInMember, id: number | null): Promise<VouchAskRecord> {
  const found = id === null ? null : await findAskById(db, id);
  if (!found || (found.askedId !== member.memberId && found.askerId !== member.memberId)) throw problems.notFound(VOUCH_ASK_MESSAGES.notFound);
  return found;
}

/** GET /api/vouch-asks/:id: one ask, to its asker or the asked member (a notification opens it). */
export async function vouchAskOf(db: Database, member: SignedInMember, id: number | null): Promise<VouchAsk> {
  const ask = await askFor(db, member, id);
  return toVouchAskDto(ask, await namesOf(db, [ask]));
}

/**
 * POST /api/vouch-asks/:id/decline: only the asked member (403 NOT_ASKED_MEMBER for the asker;
 * 404 for anyone else); 409 ASK_ANSWERED once declined or fulfilled. The asker hears of it; with
 * `{ block: true }` the asked member takes no more asks from them (DELETE /api/vouch-asks/blocks/:memberId undoes it).
 */
export async function declineVouchAsk(deps: VouchesDeps, member: SignedInMember, id: number | null, body: unknown): Promise<VouchAsk> {
  const { db } = deps;
  const { block } = parse(declineVouchAskBody, body ?? {});
  const found = await askFor(db, member, id);
  if (found.askedId !== member.memberId) throw problems.forbidden(VOUCH_ASK_MESSAGES.notAsked, 'NOT_ASKED_MEMBER');
  const now = deps.clock();
  const names = await namesOf(db, [found]);
  const person = (memberId: number) => ({ id: memberId, name: names.get(memberId) ?? 'A member' });
  const ask = await db.transaction(async (t) => {
    if ((await answerOpenAsk(db, t, { id: found.id }, 'declined', now)) === 0) throw problems.conflict(VOUCH_ASK_MESSAGES.answered, 'ASK_ANSWERED');
    if (block) await blockAsks(db, t, member.memberId, found.askerId, now);
    await tellAskDeclined(db, t, found.id, person(found.askerId), person(found.askedId), now);
    // Read in the transaction: once it commits nothing is left to fail (a lost connection cannot
    // turn the decline into a 503 whose retry hears ASK_ANSWERED).
    return (await findAskById(db, found.id, t))!;
  });
  return toVouchAskDto(ask, names);
}

/** GET /api/vouch-asks: one page (limit + 1 rows) of the asks made of me or by me, newest first. */
export async function vouchAsksOf(db: Database, member: SignedInMember, box: VouchAskBox, otherId: number | null, page: PageRequest): Promise<VouchAsk[]> {
  const asks = await listAsks(db, member.memberId, box, otherId, page);
  const names = await namesOf(db, asks);
  return asks.map((ask) => toVouchAskDto(ask, names));
}

/** GET /api/vouch-asks/blocks: the members I take no asks from. */
export async function askBlocksOf(db: Database, member: SignedInMember): Promise<VouchAskBlock[]> {
  const blocks = await listAskBlocks(db, member.memberId);
  const names = new Map((await getMembers(db, blocks.map((b) => b.memberId))).map((m) => [m.id, m.name]));
  return blocks.map((b) => ({ member: { id: b.memberId, name: names.get(b.memberId) ?? 'A member' }, createdAt: b.createdAt.toISOString() }));
}

/** DELETE /api/vouch-asks/blocks/:memberId: take asks from them again; 404 when there was no block. */
export async function unblockAsksFrom(db: Database, member: SignedInMember, otherId: number | null): Promise<void> {
  if (otherId === null || !(await unblockAsks(db, member.memberId, otherId))) throw problems.notFound('You are not blocking asks from this member.');
}
