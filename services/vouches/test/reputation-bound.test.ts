import { computeReputation, DEFAULT_REPUTATION_OPTIONS, type AcceptedVouchInput, type ReputationMemberInput, type ReputationSnapshot } from '../src/features/reputation/domain/scoring';
import { reputationOutOf100 } from '@vouch/contracts';
import { explainScore, explanationUpdates, singleVouchBound, storedPass } from '../src/features/reputation/domain/reputation-explanation';
import { seededRandom } from './testing';

const DAY = 86_400_000;
const NOW = Date.parse('2026-01-01T00:00:00Z');
const day = (n: number) => new Date(NOW - n * DAY);

/** `size` members a day apart, each vouching for `perMember` others at random (some invites). */
function randomNetwork(seed: number, size: number, perMember: number): ReputationSnapshot & { vouches: AcceptedVouchInput[] } {
  const random = seededRandom(seed);
  const members: ReputationMemberInput[] = Array.from({ length: size }, (_, i) => ({ id: i + 1, createdAt: day(size + 40 - i) }));
  const vouches: AcceptedVouchInput[] = [];
  const given = new Set<string>();
  for (let voucherId = 1; voucherId <= size; voucherId++) {
    const count = Math.max(1, Math.round(perMember * (0.3 + random() * 1.4)));
    for (let k = 0; k < count; k++) {
      const recipientId = 1 + Math.floor(random() * size);
      if (recipientId === voucherId || given.has(`${voucherId}:${recipientId}`)) continue;
      given.add(`${voucherId}:${recipientId}`);
      vouches.push({ voucherId, recipientId, type: random() < 0.7 ? 'recommendation' : 'invite', acceptedAt: day(2) });
    }
  }
  return { members, vouches, asOf: NOW };
}

/**
 * What one accept can do to its recipient's score, everything it moves included (docs/reputation.md):
 * its own share is at most singleVouchBound() (16); the trust it adds also flows on and some comes
 * back through the people the recipient vouched for, and it shifts the scale a little.
 */
const TESTED_BOUND = 20;

const scoreOf = (snapshot: ReputationSnapshot, id: number, options = {}) => computeReputation(snapshot, options).members.find((m) => m.memberId === id)!;
const withVouch = (snapshot: ReputationSnapshot, voucherId: number, recipientId: number): ReputationSnapshot => ({
  ...snapshot,
  vouches: [...snapshot.vouches, { voucherId, recipientId, type: 'recommendation', acceptedAt: day(0) }],
});

/**
 * Maya's case (issue 44): a genesis member who vouched for only three people passes a tenth of a
 * large trust through each vouch; before the cap, their vouch alone lifted a middling member by
 * more than 20 points.
 */
function mayaNetwork(): { snapshot: ReputationSnapshot; maya: number; marcus: number } {
  const snapshot = randomNetwork(44, 120, 4);
  const marcus = 1;
  const vouches = snapshot.vouches.filter((v) => v.voucherId !== marcus);
  for (const recipientId of [2, 3]) vouches.push({ voucherId: marcus, recipientId, type: 'recommendation', acceptedAt: day(3) });
  return { snapshot: { ...snapshot, vouches }, maya: 30, marcus };
}

describe('the bound on one vouch', () => {
  it('is 16 points of trust score at most, the steepest step of the curve for a share of 0.25', () => {
    expect(DEFAULT_REPUTATION_OPTIONS.maxVouchShare).toBe(0.25);
    expect(singleVouchBound()).toBeGreaterThan(15.5);
    expect(singleVouchBound()).toBeLessThan(16.5);
  });

  it('holds Maya’s swing from a strong voucher’s single vouch within it (without the cap it is larger)', () => {
    const { snapshot, maya, marcus } = mayaNetwork();
    const uncapped = scoreOf(withVouch(snapshot, marcus, maya), maya, { maxVouchShare: 0 }).reputationScore - scoreOf(snapshot, maya, { maxVouchShare: 0 }).reputationScore;
    const capped = scoreOf(withVouch(snapshot, marcus, maya), maya).reputationScore - scoreOf(snapshot, maya).reputationScore;
    // Without the cap: 56 → 80, the "46 to 70". With it: 30 → 42.
    expect(uncapped).toBeGreaterThan(20);
    expect(capped).toBeGreaterThan(0);
    expect(capped).toBeLessThanOrEqual(singleVouchBound());
    expect(capped).toBeLessThanOrEqual(TESTED_BOUND);
  });

  it.each([1, 2, 3])('keeps every one of 40 random accepts within 20 points in network %i (what else the vouch moves included)', (seed) => {
    const snapshot = randomNetwork(seed, 150, 4);
    const before = computeReputation(snapshot).members;
    const existing = new Set(snapshot.vouches.map((v) => `${v.voucherId}:${v.recipientId}`));
    const random = seededRandom(seed * 17);
    let tried = 0;
    let worst = 0;
    while (tried < 40) {
      const voucherId = 1 + Math.floor(random() * 150);
      const recipientId = 1 + Math.floor(random() * 150);
      if (voucherId === recipientId || existing.has(`${voucherId}:${recipientId}`)) continue;
      tried++;
      const after = scoreOf(withVouch(snapshot, voucherId, recipientId), recipientId).reputationScore;
      worst = Math.max(worst, after - before[recipientId - 1]!.reputationScore);
    }
    expect(worst).toBeGreaterThan(0);
    expect(worst).toBeLessThanOrEqual(TESTED_BOUND);
  });

  it('keeps a ring of 30 fresh accounts vouching for each other at 0: nothing without a door, and only the door account above 0 with one', () => {
    const honest = randomNetwork(7, 50, 6);
    const members = [...honest.members, ...Array.from({ length: 30 }, (_, i) => ({ id: 51 + i, createdAt: day(3) }))];
    const ring: AcceptedVouchInput[] = [];
    for (let voucherId = 51; voucherId <= 80; voucherId++) for (let recipientId = 51; recipientId <= 80; recipientId++) if (voucherId !== recipientId) ring.push({ voucherId, recipientId, type: 'recommendation', acceptedAt: day(1) });
    const closed = computeReputation({ members, vouches: [...honest.vouches, ...ring], asOf: NOW }).members.filter((m) => m.memberId > 50);
    expect(closed.map((m) => m.reputationScore)).toEqual(new Array(30).fill(0));

    const door = { voucherId: 7, recipientId: 51, type: 'recommendation' as const, acceptedAt: day(1) };
    const open = computeReputation({ members, vouches: [...honest.vouches, ...ring, door], asOf: NOW }).members.filter((m) => m.memberId > 50);
    for (const member of open) {
      expect(member.established).toBe(false);
      expect(member.level).toBe('New');
      // As shown (whole points): 0 for all but the account an honest member vouched for.
      if (member.memberId !== 51) expect(reputationOutOf100(member.reputationScore)).toBe(0);
    }
    expect(open[0]!.reputationScore).toBeLessThanOrEqual(singleVouchBound());
  });

  it('still reads a typical established member as 50 where trust arrives through several vouches', () => {
    const result = computeReputation(randomNetwork(5, 150, 8));
    const established = result.members.filter((m) => m.established && m.trustScore > 0).map((m) => m.trustScore).sort((a, b) => a - b);
    const median = established.length % 2 ? established[established.length >> 1]! : (established[established.length / 2 - 1]! + established[established.length / 2]!) / 2;
    expect(median).toBeGreaterThanOrEqual(49);
    expect(median).toBeLessThanOrEqual(51);
  });
});

describe('the score explanation', () => {
  const snapshot = randomNetwork(9, 150, 5);
  const result = computeReputation(snapshot);
  const byId = new Map(result.members.map((m) => [m.memberId, m]));
  const received = (id: number) =>
    snapshot.vouches
      .filter((v) => v.recipientId === id)
      .map((v) => ({ voucherId: v.voucherId, voucherName: `Member ${v.voucherId}`, trustedBy: 3, type: v.type, acceptedAt: new Date(v.acceptedAt as Date), vouchPass: storedPass(byId.get(v.voucherId)!.vouchPass) }));
  const explain = (id: number, record: Parameters<typeof explainScore>[0]['record'] = null) => {
    const m = byId.get(id)!;
    return explainScore({ reputationScore: m.reputationScore, connectorScore: m.connectorScore, introductionScore: m.introductionScore, vouches: received(id), trustReference: result.trustReference, record });
  };

  it('splits each member’s score into what their vouches add and the lift from helping, largest vouch first', () => {
    for (const member of result.members.filter((m) => m.reputationScore >= 5)) {
      const explanation = explain(member.memberId);
      const listed = explanation.vouches.reduce((sum, v) => sum + v.points, 0) + explanation.otherVouches.points;
      expect(Math.abs(listed - explanation.fromVouches)).toBeLessThanOrEqual(3); // whole points, rounded one by one
      expect(Math.abs(explanation.fromVouches + explanation.fromHelping - member.reputationScore)).toBeLessThanOrEqual(1);
      expect(explanation.vouches.map((v) => v.points)).toEqual([...explanation.vouches.map((v) => v.points)].sort((a, b) => b - a));
      expect(explanation.vouches.length).toBeLessThanOrEqual(5);
      for (const vouch of explanation.vouches) expect(vouch.points).toBeLessThanOrEqual(explanation.maxVouchPoints);
    }
  });

  it('names the vouch that moved the score last, and puts the rest on the network', () => {
    const member = result.members.filter((m) => m.reputationScore >= 30).sort((a, b) => a.memberId - b.memberId)[0]!;
    const vouches = received(member.memberId);
    const newest = vouches[0]!;
    const record = { previousScore: member.reputationScore - 9, changedAt: new Date(NOW + DAY), previousChangedAt: new Date(NOW - DAY) };
    const mine = vouches.map((v) => (v === newest ? { ...v, acceptedAt: new Date(NOW) } : v));
    const m = byId.get(member.memberId)!;
    const explanation = explainScore({ reputationScore: m.reputationScore, connectorScore: m.connectorScore, introductionScore: m.introductionScore, vouches: mine, trustReference: result.trustReference, record });
    const change = explanation.lastChange!;
    expect(change.to - change.from).toBe(Math.round(m.reputationScore) - Math.round(m.reputationScore - 9));
    expect(change.vouches.map((v) => v.voucherId)).toEqual([newest.voucherId]);
    expect(change.vouches[0]!.points).toBeGreaterThan(0);
    expect(change.vouches[0]!.points).toBeLessThanOrEqual(explanation.maxVouchPoints);
    expect(change.vouches[0]!.points + change.network).toBe(change.to - change.from);
  });

  it('has no last change before the shown score first moved, and nothing to split at 0', () => {
    const nobody = explainScore({ reputationScore: 0, connectorScore: 0, introductionScore: 0, vouches: [], trustReference: null, record: null });
    expect(nobody).toMatchObject({ score: 0, fromVouches: 0, fromHelping: 0, vouches: [], otherVouches: { count: 0, points: 0 }, lastChange: null });
  });
});

describe('what a run records for the explanation', () => {
  const now = new Date(NOW);
  const earlier = new Date(NOW - DAY);

  it('records the score a member moved from when the shown whole number changes, and keeps the time before', () => {
    const previous = new Map([[1, { memberId: 1, vouchPass: 0.002, previousScore: 30, changedAt: earlier, previousChangedAt: null }]]);
    expect(explanationUpdates(previous, [{ memberId: 1, scoreBefore: 46.2, scoreAfter: 58.4, vouchPass: 0.002 }], now)).toEqual([
      { memberId: 1, vouchPass: 0.002, previousScore: 46.2, changedAt: now, previousChangedAt: earlier },
    ]);
  });

  it('writes nothing for a 0.1 move that changes nothing shown, and only the pass when the pass moved', () => {
    const previous = new Map([[1, { memberId: 1, vouchPass: 0.002, previousScore: 30, changedAt: earlier, previousChangedAt: null }]]);
    expect(explanationUpdates(previous, [{ memberId: 1, scoreBefore: 46.2, scoreAfter: 46.3, vouchPass: 0.0020001 }], now)).toEqual([]);
    expect(explanationUpdates(previous, [{ memberId: 1, scoreBefore: 46.2, scoreAfter: 46.3, vouchPass: 0.0031 }], now)).toEqual([
      { memberId: 1, vouchPass: 0.0031, previousScore: 30, changedAt: earlier, previousChangedAt: null },
    ]);
    expect(explanationUpdates(new Map(), [{ memberId: 2, scoreBefore: 0, scoreAfter: 0.2, vouchPass: 0 }], now)).toEqual([]);
  });
});
