// The words of a profile: slugs, tags and the generated summary (pure functions).
import { isSlugOf, isSlugShape, nextFreeSlug, rankTags, slugBase, slugify, splitTags, summaryText, SLUG_MAX_LENGTH } from '../src/features/profiles/domain/profile-text';

describe('slugs', () => {
  it.each([
    ['Jane Doe', 'jane-doe'],
    ['  Jane   Doe  ', 'jane-doe'],
    ['José Núñez', 'jose-nunez'],
    ["Siobhán O'Brien-Ó Súilleabháin", 'siobhan-o-brien-o-suilleabhain'],
    ['Björn Straße', 'bjorn-strasse'],
    ['Ada Lovelace 2nd', 'ada-lovelace-2nd'],
    ['</title><script>', 'title-script'],
    ['李 雷', ''],
  ])('slugify(%j) = %j', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('a name with nothing readable gets "member"; long names are cut at a word boundary-safe length', () => {
    expect(slugBase('李 雷')).toBe('member');
    const long = slugify('A'.repeat(40) + ' ' + 'B'.repeat(40));
    expect(long.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(long).not.toMatch(/-$/);
  });

  it('takes the smallest free number on a collision, keeping within the length', () => {
    expect(nextFreeSlug('jane-doe', [])).toBe('jane-doe');
    expect(nextFreeSlug('jane-doe', ['jane-doe'])).toBe('jane-doe-2');
    expect(nextFreeSlug('jane-doe', ['jane-doe', 'jane-doe-2', 'jane-doe-4', 'jane-doe-smith'])).toBe('jane-doe-3');
    const base = 'x'.repeat(SLUG_MAX_LENGTH);
    expect(nextFreeSlug(base, [base])).toHaveLength(SLUG_MAX_LENGTH);
  });

  it('recognises the shape of a slug only', () => {
    expect(isSlugShape('jane-doe-2')).toBe(true);
    for (const bad of ['Jane-Doe', 'jane--doe', '-jane', 'jane doe', '', 'x'.repeat(100), '../etc']) expect(isSlugShape(bad)).toBe(false);
  });
});

describe('tags', () => {
  it('splits on commas, semicolons, new lines and bullets, trimming list marks, quotes and full stops', () => {
    expect(splitTags('TypeScript, mentoring;\n- Leadership.\n• "Public  speaking"\n1. Design')).toEqual(['TypeScript', 'mentoring', 'Leadership', 'Public speaking', 'Design']);
    expect(splitTags(null)).toEqual([]);
    expect(splitTags(' , ;\n')).toEqual([]);
  });

  it('leaves sentences out of the tags', () => {
    expect(splitTags('Rust, she rebuilt our whole billing system in a weekend and it still runs')).toEqual(['Rust']);
  });

  it('ranks by how many vouches name a tag (once per vouch), ties by first mention, in the most used spelling', () => {
    const tags = rankTags(['react, TypeScript, typescript', 'Go; typescript', 'go, React', 'TYPESCRIPT']);
    // typescript: 3 vouches; react, go: 2 each (react first seen earlier).
    expect(tags).toEqual(['TypeScript', 'React', 'Go']);
  });

  it('capitalises a tag written only in lower case, keeps any other spelling', () => {
    expect(rankTags(['integrity, iOS, COBOL'])).toEqual(['Integrity', 'iOS', 'COBOL']);
  });

  it('keeps at most the limit', () => {
    expect(rankTags([Array.from({ length: 20 }, (_, i) => `t${i}`).join(',')])).toHaveLength(8);
    expect(rankTags(['a, b, c'], 2)).toEqual(['A', 'B']);
  });
});

describe('the generated summary', () => {
  it('names the vouchers and the top skills and traits', () => {
    expect(summaryText({ voucherCount: 4, skillTags: ['Leadership', 'TypeScript'], traitTags: ['Integrity', 'Mentoring'] })).toBe(
      'Vouched for by 4 people for leadership and TypeScript; known for integrity and mentoring.',
    );
  });

  it('names at most three of each, and reads without either', () => {
    expect(summaryText({ voucherCount: 1, skillTags: ['A1', 'B2', 'C3', 'D4'], traitTags: [] })).toBe('Vouched for by 1 person for A1, B2 and C3.');
    expect(summaryText({ voucherCount: 2, skillTags: [], traitTags: ['Calm'] })).toBe('Vouched for by 2 people; known for calm.');
    expect(summaryText({ voucherCount: 2, skillTags: [], traitTags: [] })).toBe('Vouched for by 2 people.');
  });

  it('is null without a voucher (the page shows its fallback)', () => {
    expect(summaryText({ voucherCount: 0, skillTags: ['X'], traitTags: [] })).toBeNull();
  });
});

describe('a URL made from a name (issue 44)', () => {
  it.each([
    ['sam-rivera', 'sam-rivera', true],
    ['sam-rivera-2', 'sam-rivera', true],
    ['sam-rivera-12', 'sam-rivera', true],
    ['sam-riviera', 'sam-rivera', false],
    ['sam-rivera-jr', 'sam-rivera', false],
    ['sam-rivera-', 'sam-rivera', false],
    ['sam', 'sam-rivera', false],
  ])('%s is made from the name whose slug is %s: %s', (slug, base, expected) => {
    expect(isSlugOf(slug, base)).toBe(expected);
  });
});
