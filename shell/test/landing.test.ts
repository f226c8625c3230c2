import { formatCount, landingStats, readStatsWithRetry, STATS_RETRY_DELAY_MS } from '../src/features/landing/landing-stats';
import { nextSlide, SLIDE_INTERVAL_MS, SLIDES } from '../src/features/landing/slides';

jest.mock('../src/assets/slides/vouch.svg', () => 'vouch.svg', { virtual: true });
jest.mock('../src/assets/slides/search.svg', () => 'search.svg', { virtual: true });
jest.mock('../src/assets/slides/introduce.svg', () => 'introduce.svg', { virtual: true });
jest.mock('../src/assets/slides/social-capital.svg', () => 'social-capital.svg', { virtual: true });

describe('landing stats', () => {
  it('shows the network counts when the stats call answers', () => {
    expect(landingStats({ totalUsers: 1234, totalVouches: 5678 })).toEqual({ members: 1234, vouches: 5678 });
    expect(landingStats({ totalUsers: 1, totalVouches: 0 })).toEqual({ members: 1, vouches: 0 });
  });

  it('shows no figures, rather than made-up ones, when the call gives nothing or the network is empty', () => {
    for (const nothing of [null, undefined, {}, { totalUsers: 'many', totalVouches: 3 }, { totalUsers: 80 }, { totalUsers: 2.5, totalVouches: 1 }, { totalUsers: 0, totalVouches: 0 }]) {
      expect(landingStats(nothing)).toBeNull();
    }
  });

  it('retries the stats call once, after a pause, and gives up after the second failure', async () => {
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const flaky = jest.fn().mockRejectedValueOnce(new Error('502')).mockResolvedValueOnce({ totalUsers: 7 });
    await expect(readStatsWithRetry(flaky, wait)).resolves.toEqual({ totalUsers: 7 });
    expect(flaky).toHaveBeenCalledTimes(2);
    expect(waits).toEqual([STATS_RETRY_DELAY_MS]);

    const down = jest.fn().mockRejectedValue(new Error('503'));
    await expect(readStatsWithRetry(down, wait)).rejects.toThrow('503');
    expect(down).toHaveBeenCalledTimes(2);

    const fine = jest.fn().mockResolvedValue({ totalUsers: 9 });
    await expect(readStatsWithRetry(fine, wait)).resolves.toEqual({ totalUsers: 9 });
    expect(fine).toHaveBeenCalledTimes(1);
  });

  it('formats counts the American way', () => {
    expect(formatCount(12345)).toBe('12,345');
    for (const n of [0, 7, 999, 1000, 65536, 1234567, 1000000000]) expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});

describe('landing slideshow', () => {
  it('has the four captions of the spec, every 2.5 s, wrapping around', () => {
    expect(SLIDES.map((slide) => slide.caption)).toEqual([
      'Vouch for someone trustworthy',
      'Search your network for quality over quantity',
      'Be introduced to someone trustworthy',
      'Build social capital by making trusted connections',
    ]);
    expect(SLIDE_INTERVAL_MS).toBe(2500);
    expect([0, 1, 2, 3].map((i) => nextSlide(i))).toEqual([1, 2, 3, 0]);
  });
});
