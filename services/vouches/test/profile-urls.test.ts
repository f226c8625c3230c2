// Issue 43 item 3: the rules of profile URLs, without a database.
import { nextUrlChangeAt, releaseHoldStart, urlsToLetGo } from '../src/features/profiles/domain/profile-urls';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2027-06-01T12:00:00.000Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);

describe('new profile URLs a year', () => {
  it('allows a change while fewer than 5 fall in the last 365 days', () => {
    expect(nextUrlChangeAt([], now)).toBeNull();
    expect(nextUrlChangeAt([daysAgo(1), daysAgo(2), daysAgo(3), daysAgo(4)], now)).toBeNull();
    expect(nextUrlChangeAt([daysAgo(1), daysAgo(2), daysAgo(3), daysAgo(4), daysAgo(400)], now)).toBeNull();
  });

  it('past 5, names the moment the oldest of them leaves the year', () => {
    const chosen = [daysAgo(300), daysAgo(10), daysAgo(200), daysAgo(5), daysAgo(100), daysAgo(1)];
    // Six in the year: the sixth most recent (300 days ago) and the fifth (200) must both leave before there are fewer than 5.
    expect(nextUrlChangeAt(chosen, now)).toEqual(new Date(daysAgo(200).getTime() + 365 * DAY));
    expect(nextUrlChangeAt(chosen.slice(1), now)).toEqual(new Date(daysAgo(200).getTime() + 365 * DAY));
  });
});

describe('earlier URLs kept', () => {
  it('keeps the 10 most recent and lets older ones go, the earlier-listed first on a tie', () => {
    const same = daysAgo(30);
    const earlier = Array.from({ length: 12 }, (_, i) => ({ slug: `url-${i}`, createdAt: i < 4 ? same : daysAgo(12 - i) }));
    expect(urlsToLetGo(earlier)).toEqual(['url-1', 'url-0']);
    expect(urlsToLetGo(earlier.slice(0, 10))).toEqual([]);
  });

  it('holds a released URL for a year', () => {
    expect(releaseHoldStart(now)).toEqual(daysAgo(365));
  });
});
