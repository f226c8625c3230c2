// indexMembers: the reputation run's id → position lookup, an array for the members table's
// increasing ids and a Map for ids too spread out for one; both must answer alike.
import { indexMembers } from '../src/features/reputation/domain/scoring/member-index';

describe('indexMembers', () => {
  it.each([
    ['increasing ids (an array)', [3, 4, 7, 8, 1_000]],
    ['ids too spread out for an array (a Map)', [3, 2_000_000_000, 7, 9_007_199_254_740_991]],
    ['ids that are not whole numbers (a Map)', [1.5, 2, -4]],
  ])('gives each of %s its position, and -1 to anything else', (_what, ids) => {
    const index = indexMembers(ids);
    expect(index.size).toBe(ids.length);
    ids.forEach((id, i) => expect(index.of(id)).toBe(i));
    for (const other of [0, 5, 999, 1_001, 2_000_000_001, -1, 0.5, NaN, Infinity]) if (!ids.includes(other)) expect(index.of(other)).toBe(-1);
  });

  it('refuses an id listed twice, naming it', () => {
    expect(() => indexMembers([1, 2, 1])).toThrow(new TypeError('reputation: member 1 appears twice'));
    expect(() => indexMembers([5, 3_000_000_000, 3_000_000_000])).toThrow(new TypeError('reputation: member 3000000000 appears twice'));
  });

  it('an empty list knows nobody', () => {
    expect(indexMembers([]).of(0)).toBe(-1);
  });
});
