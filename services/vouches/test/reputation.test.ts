import {
  computeReputation,
  reputationLevel,
  type AcceptedVouchInput,
  type IntroductionFactsInput,
  type MemberReputation,
  type ReputationMemberInput,
  type ReputationSnapshot,
} from '../src/features/reputation/domain/scoring';
import { seededRandom } from './testing';

const DAY = 86_400_000;
const NOW = Date.parse('2026-01-01T00:00:00Z');

/**
 * A network that grew one member at a time (three days apart): each newcomer vouches for a
 * few earlier or later members, preferring the well-vouched ones when `preferential`; some
 * vouch back; some members have introduction history.
 */
function generatedNetwork(seed: number, size: number, averageVouches: number, preferential: boolean): ReputationSnapshot & { vouches: AcceptedVouchInput[] } {
  const random = seededRandom(seed);
  const members: ReputationMemberInput[] = Array.from({ length: size }, (_, i) => ({ id: i + 1, createdAt: new Date(NOW - (size - i) * 3 * DAY) }));
  const vouches: AcceptedVouchInput[] = [];
  const given = new Set<string>();
  const popularity = new Array<number>(size + 1).fill(1);
  popularity[0] = 0;
  const pick = () => {
    if (!preferential) return 1 + Math.floor(random() * size);
    let r = random() * popularity.reduce((a, b) => a + b, 0);
    let id = 1;
    while (r > popularity[id]!) r -= popularity[id++]!;
    return id;
  };
  const vouch = (voucherId: number, recipientId: number, type: AcceptedVouchInput['type']) => {
    if (voucherId === recipientId || given.has(`${voucherId}:${recipientId}`)) return;
    given.add(`${voucherId}:${recipientId}`);
    popularity[recipientId]!++;
    vouches.push({ voucherId, recipientId, type, acceptedAt: new Date(NOW - DAY) });
  };
  for (let voucherId = 2; voucherId <= size; voucherId++) {
    const count = Math.max(1, Math.round(averageVouches * (0.3 + random() * 1.4)));
    for (let k = 0; k < count; k++) {
      const recipientId = pick();
      vouch(voucherId, recipientId, random() < 0.7 ? 'recommendation' : 'invite');
      if (random() < 0.3) vouch(recipientId, voucherId, 'invite');
    }
  }
  const introductions: IntroductionFactsInput[] = members
    .filter(() => random() < 0.3)
    .map((m) => ({ memberId: m.id, requestsMade: Math.floor(random() * 5), suggestionsAccepted: Math.floor(random() * 4), introductionsCompleted: Math.floor(random() * 3) }));
  return { members, vouches, introductions, asOf: NOW };
}

const NETWORKS = [
  { seed: 1, size: 60, averageVouches: 3, preferential: false },
  { seed: 2, size: 120, averageVouches: 4, preferential: true },
  { seed: 3, size: 200, averageVouches: 2, preferential: true },
  { seed: 4, size: 80, averageVouches: 6, preferential: false },
  { seed: 5, size: 40, averageVouches: 1.5, preferential: false },
];

function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const byId = (members: MemberReputation[], id: number) => members.find((m) => m.memberId === id)!;
const day = (n: number) => new Date(NOW - n * DAY);

describe('the reputation model', () => {
  it('gives an empty network no scores and a member nobody vouched for nothing, even a genesis member', () => {
    expect(computeReputation({ members: [], vouches: [] }).members).toEqual([]);
    const [alone] = computeReputation({ members: [{ id: 1, createdAt: day(100) }], vouches: [] }).members;
    expect(alone).toMatchObject({ reputationScore: 0, vouchScore: 0, connectorScore: 0, introductionScore: 0, socialCapitalBalance: 0, level: 'New', established: true, rawTrust: 1 });
  });

  it.each(NETWORKS)('keeps every score within 0–100 and the balance whole (network $seed)', (network) => {
    const result = computeReputation(generatedNetwork(network.seed, network.size, network.averageVouches, network.preferential));
    expect(result.converged).toBe(true);
    expect(result.members).toHaveLength(network.size);
    let rawTotal = 0;
    for (const member of result.members) {
      for (const score of [member.reputationScore, member.vouchScore, member.connectorScore, member.introductionScore, member.trustScore]) {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
      }
      expect(Number.isInteger(member.socialCapitalBalance)).toBe(true);
      expect(member.level).toBe(reputationLevel(member.reputationScore));
      rawTotal += member.rawTrust;
    }
    expect(rawTotal).toBeCloseTo(1, 9);
  });

  it.each(NETWORKS)('gives identical numbers for the same snapshot, in any row order (network $seed)', (network) => {
    const snapshot = generatedNetwork(network.seed, network.size, network.averageVouches, network.preferential);
    const first = computeReputation(snapshot);
    expect(computeReputation(snapshot)).toEqual(first);
    const random = seededRandom(network.seed * 7);
    const reordered = { ...snapshot, members: shuffled(snapshot.members, random), vouches: shuffled(snapshot.vouches, random), introductions: shuffled(snapshot.introductions ?? [], random) };
    expect(computeReputation(reordered)).toEqual(first);
  });

  it.each(NETWORKS)('never lowers a member’s reputation when they receive another accepted vouch (network $seed)', (network) => {
    const snapshot = generatedNetwork(network.seed, network.size, network.averageVouches, network.preferential);
    const before = computeReputation(snapshot).members;
    const existing = new Set(snapshot.vouches.map((v) => `${v.voucherId}:${v.recipientId}`));
    const random = seededRandom(network.seed * 13);
    let tried = 0;
    while (tried < 25) {
      const voucherId = 1 + Math.floor(random() * network.size);
      const recipientId = 1 + Math.floor(random() * network.size);
      if (voucherId === recipientId || existing.has(`${voucherId}:${recipientId}`)) continue;
      tried++;
      const after = computeReputation({ ...snapshot, vouches: [...snapshot.vouches, { voucherId, recipientId, type: random() < 0.5 ? 'recommendation' : 'invite', acceptedAt: day(0) }] }).members;
      const was = byId(before, recipientId);
      const now = byId(after, recipientId);
      expect(now.reputationScore).toBeGreaterThanOrEqual(was.reputationScore);
      expect(now.trustScore).toBeGreaterThanOrEqual(was.trustScore);
      expect(now.rawTrust).toBeGreaterThanOrEqual(was.rawTrust);
    }
  });

  it('counts only accepted vouches, once per pair, and ignores self-vouches and strangers', () => {
    const snapshot = generatedNetwork(2, 120, 4, true);
    const baseline = computeReputation(snapshot);
    const noise: AcceptedVouchInput[] = [
      { voucherId: 3, recipientId: 90, type: 'recommendation', acceptedAt: null, status: 'pending' },
      { voucherId: 4, recipientId: 90, type: 'recommendation', acceptedAt: null, status: 'rejected' },
      { voucherId: 5, recipientId: 90, type: 'recommendation', acceptedAt: day(1), status: 'rejected' },
      { voucherId: 6, recipientId: 90, type: 'recommendation', acceptedAt: null },
      { voucherId: 90, recipientId: 90, type: 'recommendation', acceptedAt: day(1) },
      { voucherId: 7, recipientId: 9999, type: 'recommendation', acceptedAt: day(1) },
      { ...snapshot.vouches[0]!, acceptedAt: day(0) },
    ];
    expect(computeReputation({ ...snapshot, vouches: [...snapshot.vouches, ...noise] })).toEqual(baseline);
  });

  it('dilutes mass-vouching: one vouch among twenty passes less trust than one among five', () => {
    const members = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, createdAt: day(300 - i) }));
    const fromGenesis = (recipients: number[]) => ({ members, vouches: recipients.map((recipientId) => ({ voucherId: 1, recipientId, type: 'recommendation' as const, acceptedAt: day(1) })), asOf: NOW });
    const narrow = computeReputation(fromGenesis([11, 12, 13, 14, 15])).members;
    const wide = computeReputation(fromGenesis(Array.from({ length: 20 }, (_, i) => 11 + i))).members;
    expect(byId(wide, 11).rawTrust).toBeLessThan(byId(narrow, 11).rawTrust);
  });

  it('seeds trust from the flagged and genesis members, and makes an old, well-vouched member established', () => {
    // 1–10 are the genesis; 11 is flagged; 12 is vouched for by four genesis members; 13 too, but joined last week.
    const members: ReputationMemberInput[] = [
      ...Array.from({ length: 10 }, (_, i) => ({ id: i + 1, createdAt: day(400 - i) })),
      { id: 11, createdAt: day(5), isSeed: true },
      { id: 12, createdAt: day(200) },
      { id: 13, createdAt: day(7) },
    ];
    const vouches: AcceptedVouchInput[] = [];
    for (let voucherId = 1; voucherId <= 10; voucherId++) vouches.push({ voucherId, recipientId: 1 + (voucherId % 10), type: 'recommendation', acceptedAt: day(100) });
    for (const voucherId of [1, 2, 3, 4]) for (const recipientId of [12, 13]) vouches.push({ voucherId, recipientId, type: 'recommendation', acceptedAt: day(3) });
    const result = computeReputation({ members, vouches, asOf: NOW });
    expect(result.members.filter((m) => m.established).map((m) => m.memberId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(result.seedCount).toBe(12);
    // A month later the newcomer is old enough too.
    const later = computeReputation({ members, vouches, asOf: NOW + 30 * DAY });
    expect(byId(later.members, 13).established).toBe(true);
  });

  it('measures ages to the latest instant in the snapshot unless told otherwise', () => {
    const snapshot = { members: [{ id: 1, createdAt: day(50) }, { id: 2, createdAt: '2025-12-20T00:00:00Z' }], vouches: [{ voucherId: 1, recipientId: 2, type: 'invite' as const, acceptedAt: NOW - 2 * DAY }] };
    expect(computeReputation(snapshot).asOf).toEqual(day(2));
    expect(computeReputation({ ...snapshot, asOf: NOW }).asOf).toEqual(new Date(NOW));
  });

  it('pays social capital for helping, in proportion to trust, and charges 5 per introduction request', () => {
    const snapshot = generatedNetwork(4, 80, 6, false);
    const base = computeReputation(snapshot).members;
    const helper = [...base].sort((a, b) => b.trustScore - a.trustScore || a.memberId - b.memberId)[0]!;
    const withFacts = (facts: Partial<IntroductionFactsInput>) =>
      byId(computeReputation({ ...snapshot, introductions: [{ memberId: helper.memberId, requestsMade: 0, suggestionsAccepted: 0, introductionsCompleted: 0, ...facts }] }).members, helper.memberId);

    const quiet = withFacts({});
    expect(withFacts({ requestsMade: 3 }).socialCapitalBalance).toBe(quiet.socialCapitalBalance - 15);
    const helpful = withFacts({ suggestionsAccepted: 4, introductionsCompleted: 2 });
    expect(helpful.socialCapitalBalance).toBeGreaterThan(quiet.socialCapitalBalance);
    expect(helpful.introductionScore).toBeGreaterThan(quiet.introductionScore);
    expect(helpful.connectorScore).toBeGreaterThan(quiet.connectorScore);
    expect(helpful.reputationScore).toBeGreaterThanOrEqual(quiet.reputationScore);
    // Activity lifts reputation by at most a fifth, never past trust.
    expect(helpful.reputationScore).toBeLessThanOrEqual(helpful.trustScore);
  });

  it('pays nothing to an untrusted member, however active', () => {
    const members = [{ id: 1, createdAt: day(100) }, { id: 2, createdAt: day(1) }, { id: 3, createdAt: day(1) }, { id: 4, createdAt: day(1) }];
    const vouches: AcceptedVouchInput[] = [2, 3, 4].flatMap((voucherId) => [2, 3, 4].filter((r) => r !== voucherId).map((recipientId) => ({ voucherId, recipientId, type: 'recommendation' as const, acceptedAt: day(0) })));
    const introductions = [{ memberId: 2, requestsMade: 1, suggestionsAccepted: 10, introductionsCompleted: 10 }];
    // Member 1 is the only genesis member; 2–4 vouch only for each other.
    const stranger = byId(computeReputation({ members, vouches, introductions, asOf: NOW }, { genesisSize: 1 }).members, 2);
    expect(stranger).toMatchObject({ reputationScore: 0, vouchScore: 0, connectorScore: 0, introductionScore: 0, socialCapitalBalance: -5, level: 'New', rawTrust: 0 });
  });

  it('refuses a malformed snapshot', () => {
    expect(() => computeReputation({ members: [{ id: 1, createdAt: day(1) }, { id: 1, createdAt: day(2) }], vouches: [] })).toThrow(TypeError);
    expect(() => computeReputation({ members: [{ id: 1, createdAt: 'yesterday' }], vouches: [] })).toThrow(TypeError);
    expect(() => computeReputation({ members: [], vouches: [] }, { damping: 1 })).toThrow(RangeError);
  });

  it.each(NETWORKS)('started from the previous result after new members and vouches, reaches the same scores as from scratch (network $seed)', (network) => {
    const before = generatedNetwork(network.seed, network.size, network.averageVouches, network.preferential);
    const previous = computeReputation(before);
    // The network grows: three newcomers, a dozen new vouches among everyone.
    const random = seededRandom(network.seed + 100);
    const members = [...before.members, ...[1, 2, 3].map((k) => ({ id: network.size + k, createdAt: day(k) }))];
    const pick = () => members[Math.floor(random() * members.length)]!.id;
    const vouches = [...before.vouches, ...Array.from({ length: 12 }, () => ({ voucherId: pick(), recipientId: pick(), type: 'recommendation' as const, acceptedAt: day(0) }))];
    const after = { ...before, members, vouches };

    const cold = computeReputation(after);
    const warm = computeReputation(after, {}, previous.vectors);
    expect(warm.converged).toBe(true);
    expect(warm.seedCount).toBe(cold.seedCount);
    for (const [i, member] of warm.members.entries()) {
      const scratch = cold.members[i]!;
      expect(member.memberId).toBe(scratch.memberId);
      expect(member.established).toBe(scratch.established);
      expect(Math.abs(member.rawTrust - scratch.rawTrust)).toBeLessThan(1e-9);
      for (const field of ['reputationScore', 'vouchScore', 'connectorScore', 'introductionScore', 'trustScore'] as const) expect(Math.abs(member[field] - scratch[field])).toBeLessThanOrEqual(0.1);
      expect(Math.abs(member.socialCapitalBalance - scratch.socialCapitalBalance)).toBeLessThanOrEqual(1);
    }
  });
});
