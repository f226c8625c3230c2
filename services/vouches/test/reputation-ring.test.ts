import { computeReputation, type AcceptedVouchInput, type ReputationMemberInput, type ReputationResult } from '../src/features/reputation/domain/scoring';
import { seededRandom } from './testing';

const DAY = 86_400_000;
const NOW = Date.parse('2026-01-01T00:00:00Z');
const HONEST = 50;
const RING = 50;
const isRing = (id: number) => id > HONEST;

interface RingWorld {
  members: ReputationMemberInput[];
  vouches: AcceptedVouchInput[];
}

/**
 * 50 honest members who joined over the past year, each vouching for 5–8 others at random,
 * and 50 accounts (ids 51–100) that all vouch for each other (2,450 vouches).
 */
function ringWorld(seed: number, ringAgeDays = 3): RingWorld {
  const random = seededRandom(seed);
  const members: ReputationMemberInput[] = [];
  for (let id = 1; id <= HONEST; id++) members.push({ id, createdAt: new Date(NOW - (400 - id * 5) * DAY) });
  for (let id = HONEST + 1; id <= HONEST + RING; id++) members.push({ id, createdAt: new Date(NOW - ringAgeDays * DAY) });
  const vouches: AcceptedVouchInput[] = [];
  for (let voucherId = 1; voucherId <= HONEST; voucherId++) {
    const count = 5 + Math.floor(random() * 4);
    const recipients = new Set<number>();
    while (recipients.size < count) {
      const recipientId = 1 + Math.floor(random() * HONEST);
      if (recipientId !== voucherId) recipients.add(recipientId);
    }
    for (const recipientId of recipients) vouches.push({ voucherId, recipientId, type: random() < 0.7 ? 'recommendation' : 'invite', acceptedAt: new Date(NOW - 20 * DAY) });
  }
  for (let voucherId = HONEST + 1; voucherId <= HONEST + RING; voucherId++) {
    for (let recipientId = HONEST + 1; recipientId <= HONEST + RING; recipientId++) {
      if (voucherId !== recipientId) vouches.push({ voucherId, recipientId, type: 'recommendation', acceptedAt: new Date(NOW - DAY) });
    }
  }
  return { members, vouches };
}

const attackEdge = (voucherId: number, recipientId = HONEST + 1): AcceptedVouchInput => ({ voucherId, recipientId, type: 'recommendation', acceptedAt: new Date(NOW - DAY) });

function ringShare(result: ReputationResult): { raw: number; displayed: number } {
  let raw = 0;
  let rawTotal = 0;
  let displayed = 0;
  let displayedTotal = 0;
  for (const member of result.members) {
    rawTotal += member.rawTrust;
    displayedTotal += member.reputationScore;
    if (isRing(member.memberId)) {
      raw += member.rawTrust;
      displayed += member.reputationScore;
    }
  }
  return { raw: raw / rawTotal, displayed: displayed / displayedTotal };
}

describe('a ring of fresh accounts vouching for each other', () => {
  it('holds less than 5% of all reputation when one honest member vouches into it', () => {
    const world = ringWorld(1);
    const result = computeReputation({ ...world, vouches: [...world.vouches, attackEdge(7)], asOf: NOW });
    const share = ringShare(result);

    expect(result.converged).toBe(true);
    expect(share.raw).toBeLessThan(0.05);
    expect(share.displayed).toBeLessThan(0.05);
    // No ring account is established or gets past "New".
    for (const member of result.members.filter((m) => isRing(m.memberId))) {
      expect(member.established).toBe(false);
      expect(member.level).toBe('New');
    }
  });

  it('stays under 5% whichever honest member gives the vouch, in several networks', () => {
    let worstRaw = 0;
    let worstDisplayed = 0;
    for (const seed of [1, 2]) {
      const world = ringWorld(seed);
      for (let voucherId = 1; voucherId <= HONEST; voucherId++) {
        const share = ringShare(computeReputation({ ...world, vouches: [...world.vouches, attackEdge(voucherId)], asOf: NOW }));
        worstRaw = Math.max(worstRaw, share.raw);
        worstDisplayed = Math.max(worstDisplayed, share.displayed);
      }
    }
    expect(worstRaw).toBeLessThan(0.05);
    expect(worstDisplayed).toBeLessThan(0.05);
  }, 30_000);

  it('gets nothing at all without a vouch from outside', () => {
    const world = ringWorld(1);
    const share = ringShare(computeReputation({ ...world, asOf: NOW }));
    expect(share.raw).toBe(0);
    expect(share.displayed).toBe(0);
  });

  it('does not rely on the accounts being new: a ring that waited months (but is younger than the genesis members) is still held down', () => {
    const world = ringWorld(2, 200);
    const share = ringShare(computeReputation({ ...world, vouches: [...world.vouches, attackEdge(7)], asOf: NOW }));
    expect(share.raw).toBeLessThan(0.05);
    expect(share.displayed).toBeLessThan(0.05);
  });

  it('cannot cascade into the seed set when three ordinary members each vouch for the same three ring accounts', () => {
    const world = ringWorld(3, 200);
    const single = ringShare(computeReputation({ ...world, vouches: [...world.vouches, attackEdge(25)], asOf: NOW }));
    const attack = [25, 30, 35].flatMap((voucherId) => [51, 52, 53].map((recipientId) => attackEdge(voucherId, recipientId)));
    const result = computeReputation({ ...world, vouches: [...world.vouches, ...attack], asOf: NOW });

    expect(result.members.filter((m) => isRing(m.memberId) && m.established)).toEqual([]);
    // What the ring holds grows with the trust flowing in through its nine doors, not with the
    // ring's size: roughly nine single doors, far from the majority a seeded ring would take.
    expect(ringShare(result).raw).toBeLessThan(12 * single.raw);
    expect(ringShare(result).raw).toBeLessThan(0.15);
  });
});
