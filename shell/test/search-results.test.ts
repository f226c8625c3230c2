import { PEOPLE_SEARCH_MESSAGES } from '@vouch/contracts';
import { degreeLabel, degreeParam, headerSearchStatus, matchedText } from '../src/features/people-search/lib/search-results';

describe('the search results', () => {
  it("says under the header's list what to type, the failure, Searching… and nobody found, once the search caught up", () => {
    const at = { typed: 'kube', searched: 'kube', found: 0, fetching: false, error: null };
    expect(headerSearchStatus({ ...at, typed: 'k' })).toBe(PEOPLE_SEARCH_MESSAGES.tooShort);
    expect(headerSearchStatus({ ...at, error: new Error('Too many searches. Try again in 20 seconds.') })).toBe('Too many searches. Try again in 20 seconds.');
    expect(headerSearchStatus({ ...at, fetching: true })).toBe('Searching…');
    expect(headerSearchStatus(at)).toBe('No one found for “kube”.');
    expect(headerSearchStatus({ ...at, searched: 'kub' })).toBeNull();
    expect(headerSearchStatus({ ...at, found: 3 })).toBeNull();
  });

  it('labels degrees, and a public profile beyond the reach as Public', () => {
    expect([1, 2, 3, null].map(degreeLabel)).toEqual(['1°', '2°', '3°', 'Public']);
  });

  it('reads the degree filter from the URL: 1–3, anything else is All', () => {
    expect(['1', '2', '3', '0', '4', 'two', '', null].map(degreeParam)).toEqual([1, 2, 3, null, null, null, null, null]);
  });

  it('says which of their words matched, each field once, in the order first matched', () => {
    expect(
      matchedText([
        { field: 'skill', word: 'kubernetes' },
        { field: 'headline', word: 'staff' },
        { field: 'name', word: 'maya' },
        { field: 'headline', word: 'engineer' },
      ]),
    ).toBe('Matched skill “kubernetes”; headline “staff”, “engineer”; name “maya”');
    expect(matchedText([{ field: 'skill', word: 'design' }])).toBe('Matched skill “design”');
  });
});
