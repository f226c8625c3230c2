// countsByMember (the reputation run's connection and vouch counts, typed arrays) against the
// plain reading of the rule: distinct people joined by an accepted vouch either way, not oneself;
// every accepted vouch counted at both ends.
import { countsByMember } from '../src/features/reputation/domain/reputation-recompute';

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

/** Everyone an edge names: the members of a network made of these edges alone. */
const peopleOf = (edges: readonly { voucherId: number; recipientId: number }[]) => [...new Set(edges.flatMap((e) => [e.voucherId, e.recipientId]))];

describe('countsByMember', () => {
  it('counts two people who vouched for each other as one connection and two vouches each; a vouch for oneself joins nobody', () => {
    const edges = [
      { voucherId: 7, recipientId: 3 },
      { voucherId: 3, recipientId: 7 },
      { voucherId: 3, recipientId: 3 },
      { voucherId: 9, recipientId: 7 },
    ];
    const counts = countsByMember(edges, peopleOf(edges));
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
      expect(countsByMember(edges, peopleOf(edges))).toEqual(plainCounts(edges));
    }
  });

  it('given the members, counts only vouches between two of them, and the same as the plain reading of those', () => {
    const edges = [
      { voucherId: 1, recipientId: 2 },
      { voucherId: 2, recipientId: 1 },
      { voucherId: 2, recipientId: 99 }, // 99 is not among the members: this vouch counts for nobody
      { voucherId: 3, recipientId: 2 },
    ];
    const counts = countsByMember(edges, [1, 2, 3, 4]);
    expect(Object.fromEntries(counts)).toEqual({
      1: { connections: 1, acceptedVouches: 2 },
      2: { connections: 2, acceptedVouches: 3 },
      3: { connections: 1, acceptedVouches: 1 },
    });
    expect(counts).toEqual(plainCounts(edges.filter((e) => e.recipientId !== 99)));
  });

  it('given the members, agrees with the plain reading on random networks, dense ids and spread-out ones alike', () => {
    let seed = 27;
    const next = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    for (const spread of [50, 2_000_000_000]) {
      for (let round = 0; round < 10; round++) {
        const members = [...new Set(Array.from({ length: 2 + Math.floor(next() * 30) }, () => 1 + Math.floor(next() * spread)))];
        const anyone = [...members, 1 + Math.floor(next() * spread)]; // sometimes someone outside them
        const pick = () => anyone[Math.floor(next() * anyone.length)]!;
        const edges = Array.from({ length: Math.floor(next() * 120) }, () => ({ voucherId: pick(), recipientId: pick() }));
        const among = new Set(members);
        expect(countsByMember(edges, members)).toEqual(plainCounts(edges.filter((e) => among.has(e.voucherId) && among.has(e.recipientId))));
      }
    }
  });
});
