import { formatDistance, formatTimeAgo } from '../src/time';

const now = new Date('2025-06-15T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms);
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('formatTimeAgo (usual English, SPEC §9)', () => {
  test.each([
    [0, 'less than a minute ago'],
    [29 * s, 'less than a minute ago'],
    [30 * s, '1 minute ago'],
    [89 * s, '1 minute ago'],
    [3 * min, '3 minutes ago'],
    [44 * min, '44 minutes ago'],
    [45 * min, 'about 1 hour ago'],
    [89 * min, 'about 1 hour ago'],
    [90 * min, 'about 2 hours ago'],
    [23 * h, 'about 23 hours ago'],
    [24 * h, '1 day ago'],
    [41 * h, '1 day ago'],
    [42 * h, '2 days ago'],
    [29 * d, '29 days ago'],
    [30 * d, 'about 1 month ago'],
    [59 * d, 'about 2 months ago'],
    [100 * d, '3 months ago'],
    [364 * d, '12 months ago'],
    [366 * d, 'about 1 year ago'],
    [500 * d, 'over 1 year ago'],
    [700 * d, 'almost 2 years ago'],
    [3 * 365 * d + 10 * d, 'about 3 years ago'],
  ])('%d ms before now reads "%s"', (ms, expected) => {
    expect(formatTimeAgo(before(ms), now)).toBe(expected);
  });

  it('accepts the ISO strings the API sends', () => {
    expect(formatTimeAgo('2025-06-15T11:57:00.000Z', now)).toBe('3 minutes ago');
  });

  it('reads a slightly fast server clock as just now, and a real future date with "in"', () => {
    expect(formatTimeAgo(new Date(now.getTime() + 20 * s), now)).toBe('less than a minute ago');
    expect(formatTimeAgo(new Date(now.getTime() + 3 * h), now)).toBe('in about 3 hours');
  });

  it('gives an empty string for an invalid date', () => {
    expect(formatTimeAgo('not a date', now)).toBe('');
  });

  it('is symmetric without a suffix', () => {
    expect(formatDistance(now, before(5 * min))).toBe('5 minutes');
  });
});
