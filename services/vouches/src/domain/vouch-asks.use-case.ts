/**
 * Asking a member for a vouch (issue 28 item 4): the asked member hears of it in the bell, by
 * push and by text, and either vouches for the asker (which fulfils the ask: create-vouch) or
 * declines. One open ask per pair; each ask spends one of the asker's monthly `vouchAsks`.
 */
import { UniqueConstraintError } from 'sequelize';
import { parse, problems, type Database, type PageRequest } from '@vouch/service-core';
import { fillTextTemplate, getMember, getMembers, sendTextMessage } from '@vouch/service-auth';
import { queueNotification } from '@vouch/service-notifications';
import { consumeQuota } from '@vouch/service-subscriptions';
import { createVouchAskBody, VOUCH_ASK_MESSAGES, vouchAskedText, vouchForPath, type VouchAsk, type VouchAskBox } from '@vouch/contracts';
import { answerOpenAsk, findAskById, findOpenAskId, insertOpenAsk, listAsks, type VouchAskRecord } from '../data-access/vouch-ask.repository';
import { recordActivity } from './activity';
import type { SignedInMember, VouchesDeps } from './vouches-deps';

/** The text (SMS) to the asked member: a template of ours, the asker's name bounded by fillTextTemplate. */
const ASK_TEXT = 'Vouch: {asker} asked you for a Vouch. {where}';

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
 * POST /api/vouch-asks: `member` asks `memberId` for a vouch. In one transaction: the ask, one
 * unit of the asker's monthly allowance (402 at the limit), the asked member's activity and push;
 * the text goes after commit (a failed text never undoes the ask). 409 DUPLICATE with
 * `existingId` while an ask of the same pair is open.
 */
export async function askForVouch(deps: VouchesDeps, member: SignedInMember, body: unknown): Promise<VouchAsk> {
  const { db } = deps;
  const input = parse(createVouchAskBody, body);
  if (input.memberId === member.memberId) throw problems.badRequest(VOUCH_ASK_MESSAGES.ownAsk, [{ field: 'memberId', message: VOUCH_ASK_MESSAGES.ownAsk }], 'OWN_ASK');
  const [asker, asked] = await Promise.all([getMember(db, member.memberId), getMember(db, input.memberId)]);
  if (!asker) throw problems.unauthorized();
  if (!asked) throw problems.notFound(VOUCH_ASK_MESSAGES.memberNotFound);
  const now = deps.clock();
  const message = input.message?.trim() || null;
  const link = vouchForPath(asker.id);
  let ask: VouchAskRecord;
  try {
    ask = await db.transaction(async (t) => {
      const created = await insertOpenAsk(db, t, { askerId: asker.id, askedId: asked.id, message, now });
      await consumeQuota(db, t, asker.id, 'vouchAsks', { now });
      const text = vouchAskedText(asker.name);
      await recordActivity(db, t, { memberId: asked.id, type: 'vouch_asked', description: message ? `${text} “${message}”` : text, aboutMemberId: asker.id, at: now });
      await queueNotification(db, t, asked.id, 'vouch_asked', text, now, link);
      return created;
    });
  } catch (error) {
    if (!(error instanceof UniqueConstraintError)) throw error;
    const existingId = await findOpenAskId(db, asker.id, asked.id);
    throw existingId === null ? problems.conflict(VOUCH_ASK_MESSAGES.duplicate, 'DUPLICATE') : problems.duplicate(VOUCH_ASK_MESSAGES.duplicate, existingId);
  }
  const where = deps.publicUrl ? `Vouch for them or decline: ${deps.publicUrl}${link}` : 'Open Vouch → My Vouches to vouch for them or decline.';
  await sendTextMessage(db, asked.phone, fillTextTemplate(ASK_TEXT.replace('{where}', where), { asker: asker.name }));
  return toVouchAskDto(ask, new Map([[asker.id, asker.name], [asked.id, asked.name]]));
}

/**
 * POST /api/vouch-asks/:id/decline: only the asked member (403 NOT_ASKED_MEMBER for the asker;
 * 404 for anyone else: an ask is visible to its two members only); 409 ASK_ANSWERED once
 * declined or fulfilled. The asker is not told (they see the state in their asks).
 */
export async function declineVouchAsk(deps: VouchesDeps, member: SignedInMember, id: number | null): Promise<VouchAsk> {
  const { db } = deps;
  const found = id === null ? null : await findAskById(db, id);
  if (!found || (found.askedId !== member.memberId && found.askerId !== member.memberId)) throw problems.notFound(VOUCH_ASK_MESSAGES.notFound);
  if (found.askedId !== member.memberId) throw problems.forbidden(VOUCH_ASK_MESSAGES.notAsked, 'NOT_ASKED_MEMBER');
  const now = deps.clock();
  const changed = await db.transaction((t) => answerOpenAsk(db, t, { id: found.id }, 'declined', now));
  if (changed === 0) throw problems.conflict(VOUCH_ASK_MESSAGES.answered, 'ASK_ANSWERED');
  const ask = (await findAskById(db, found.id))!;
  return toVouchAskDto(ask, await namesOf(db, [ask]));
}

/** GET /api/vouch-asks: one page (limit + 1 rows) of the asks made of me or by me, newest first. */
export async function vouchAsksOf(db: Database, member: SignedInMember, box: VouchAskBox, otherId: number | null, page: PageRequest): Promise<VouchAsk[]> {
  const asks = await listAsks(db, member.memberId, box, otherId, page);
  const names = await namesOf(db, asks);
  return asks.map((ask) => toVouchAskDto(ask, names));
}
