import { daysActive, daysLabel, pendingNeedsLink, sentCardVouches } from '../src/features/dashboard/lib/stats';

describe('Stats (SPEC "Stats", §9)', () => {
  const now = new Date('2025-06-15T12:00:00Z');

  it('counts whole days active since the account was created', () => {
    expect(daysActive('2025-06-15T08:00:00Z', now)).toBe(0);
    expect(daysActive('2025-06-14T12:00:00Z', now)).toBe(1);
    expect(daysActive('2025-05-16T13:00:00Z', now)).toBe(29);
    expect(daysActive('2024-06-15T12:00:00Z', now)).toBe(365);
  });

  it('reads a missing, malformed or future date as 0 days', () => {
    expect(daysActive(undefined, now)).toBe(0);
    expect(daysActive('not a date', now)).toBe(0);
    expect(daysActive('2025-07-01T00:00:00Z', now)).toBe(0);
    expect(daysLabel(1)).toBe('1 day');
    expect(daysLabel(12)).toBe('12 days');
  });

  it('lists every pending vouch and links to the full list only above 3', () => {
    expect([0, 3, 4].map(pendingNeedsLink)).toEqual([false, false, true]);
  });

  it('shows the first 3 sent vouches', () => {
    expect(sentCardVouches([1, 2, 3, 4, 5])).toEqual([1, 2, 3]);
    expect(sentCardVouches([1])).toEqual([1]);
  });
});
