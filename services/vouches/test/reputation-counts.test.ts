// countsByMember (the reputation run's connection and vouch counts, typed arrays) against the
// plain reading of the rule: distinct people joined by an accepted vouch either way, not oneself;
// every accepted vouch counted at both ends.
import { countsByMember } from '../src/domain/reputation-recompute';

function plainCounts(edges: readonly { voucherId: number; recipientId: number }[]) {
  const people = new Map<number, { neighbours: Set<number>; vouches: number }>();
  const of = (id: number) => people.get(id) ?? people.set(id, { neighbours: new Set(), vouches: 0 }).get(id)!;
  for (const { voucherId, recipientId } of edges) {
    of(voucherId).vouches += 1;
    of(recipientId).vouches += 1;
    if (voucherId === recipientId) continue;
    of(voucherId).neighbours.add(recipientId);
    of(recipientId).neighbours.add(voucherId);
  }
  return new Map([...people].map(([id, p]) => [id, { connections: p.neighbours.size, acceptedVouches: p.vouches }]));
}

describe('countsByMember', () => {
  it('counts two people who vouched for each other as one connection and two vouches each; a vouch for oneself joins nobody', () => {
    const counts = countsByMember([
      { voucherId: 7, recipientId: 3 },
      { voucherId: 3, recipientId: 7 },
      { voucherId: 3, recipientId: 3 },
      { voucherId: 9, recipientId: 7 },
    ]);
    expect(Object.fromEntries(counts)).toEqual({
      3: { connections: 1, acceptedVouches: 4 },
      7: { connections: 2, acceptedVouches: 3 },
      9: { connections: 1, acceptedVouches: 1 },
    });
  });

  it('agrees with the plain reading on random networks with repeated pairs and large ids', () => {
    let seed = 14;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (let round = 0; round < 20; round++) {
      const people = Array.from({ length: 2 + Math.floor(next() * 30) }, () => 1 + Math.floor(next() * 2_000_000_000));
      const edges = Array.from({ length: Math.floor(next() * 120) }, () => ({ voucherId: people[Math.floor(next() * people.length)]!, recipientId: people[Math.floor(next() * people.length)]! }));
      expect(countsByMember(edges)).toEqual(plainCounts(edges));
    }
  });
});
