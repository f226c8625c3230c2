import type { SearchWordRow } from '@vouch/service-vouches';
import { describePath, matchAll, matchedWords, profileUrlOf, rankPeople } from '../src/domain/people-search';

const row = (memberId: number, word: string, field: 1 | 2 | 3, isPublic = false): SearchWordRow => ({ memberId, word, field, isPublic });

describe('people search rules', () => {
  it('keeps members matching every query word, scoring name over skill over headline and a whole word over a beginning', () => {
    const rows = [row(1, 'rust', 1), row(2, 'rustic', 1), row(3, 'rust', 2), row(4, 'rust', 3), row(5, 'rust', 1), row(5, 'go', 2), row(6, 'go', 2, true)];
    const one = matchAll(rows, ['rust']);
    expect([...one.keys()].sort()).toEqual([1, 2, 3, 4, 5]);
    expect([1, 2, 3, 4].map((id) => one.get(id)!.score)).toEqual([6, 3, 4, 2]);
    const two = matchAll(rows, ['rust', 'go']);
    expect([...two.keys()]).toEqual([5]);
    expect(two.get(5)!.score).toBe(6 + 4);
    expect(matchAll(rows, ['go']).get(6)!.isPublic).toBe(true);
  });

  it('says which word of theirs each query word matched: the best one, each once, in the query order', () => {
    const rows = [row(1, 'kubernetes', 3), row(1, 'kubernetes', 2), row(1, 'kube', 2), row(1, 'maya', 1), row(2, 'kubernetes', 3)];
    const matched = matchedWords(rows, ['kube', 'ma', 'ku']);
    // "kube" is a whole skill word (the best); "ku" begins a skill word first seen as kubernetes.
    expect(matched.get(1)).toEqual([
      { field: 'skill', word: 'kube' },
      { field: 'name', word: 'maya' },
      { field: 'skill', word: 'kubernetes' },
    ]);
    expect(matched.get(2)).toEqual([{ field: 'headline', word: 'kubernetes' }]);
    expect(matched.has(3)).toBe(false);
  });

  it('ranks 1° before 2° before 3° before public-only, then by score, then by id', () => {
    const ranked = rankPeople([
      { memberId: 9, score: 9, degree: null, through: [] },
      { memberId: 8, score: 1, degree: 3, through: [1, 2] },
      { memberId: 7, score: 2, degree: 2, through: [1] },
      { memberId: 6, score: 6, degree: 2, through: [1] },
      { memberId: 5, score: 6, degree: 2, through: [1] },
      { memberId: 4, score: 1, degree: 1, through: [] },
    ]);
    expect(ranked.map((p) => p.memberId)).toEqual([4, 5, 6, 7, 8, 9]);
  });

  it('says the path with names, and opens public profiles by slug, others by member id', () => {
    const names = new Map([
      [1, 'Priya Patel'],
      [2, 'Sam Lee'],
    ]);
    expect(describePath([1], names)).toBe('via Priya Patel');
    expect(describePath([1, 2], names)).toBe('via Priya Patel → Sam Lee');
    expect(describePath([], names)).toBeNull();
    expect(profileUrlOf(5, { slug: 'jo-doe', isPublic: true })).toBe('/profile/jo-doe');
    expect(profileUrlOf(5, { slug: 'jo-doe', isPublic: false })).toBe('/members/5');
    expect(profileUrlOf(5, undefined)).toBe('/members/5');
  });
});
