import type { NetworkResponse } from '@vouch/contracts';

/** A network with `direct` 1° members (each with two skills) and `second` 2° members spread over them. */
export function networkOf(direct: number, second: number, through = (j: number) => 100 + (j % direct)): NetworkResponse {
  return {
    user: { id: 1, name: 'Mia Member' },
    directConnections: Array.from({ length: direct }, (_, i) => ({
      id: String(100 + i),
      kind: 'member',
      memberId: 100 + i,
      name: `Direct ${i}`,
      skills: [`Skill ${i}`, 'TypeScript'],
      characterTraits: [],
      relationshipType: i % 2 ? 'vouched_by' : 'vouched_for',
    })),
    secondDegreeConnections: Array.from({ length: second }, (_, j) => ({
      id: 1000 + j,
      name: `Second ${j}`,
      relationshipType: 'second_degree_vouch',
      connectedThrough: `Direct ${through(j) - 100}`,
      connectedThroughId: through(j),
      sharedConnections: 1,
    })),
  };
}
