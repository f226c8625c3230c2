import { pendingNeedsLink, sentCardVouches } from '../src/features/dashboard/lib/stats';

describe('Stats (SPEC "Stats", §9)', () => {
  it('lists every pending vouch and links to the full list only above 3', () => {
    expect([0, 3, 4].map(pendingNeedsLink)).toEqual([false, false, true]);
  });

  it('shows the first 3 sent vouches', () => {
    expect(sentCardVouches([1, 2, 3, 4, 5])).toEqual([1, 2, 3]);
    expect(sentCardVouches([1])).toEqual([1]);
  });
});
