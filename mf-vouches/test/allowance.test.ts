import type { CurrentUsage } from '@vouch/contracts';
import { allowanceFor } from '../src/features/create-vouch/lib/allowance';

const usage = (vouches: [number, number], invites: [number, number]): CurrentUsage => ({
  vouches: { used: vouches[0], monthly: vouches[1] },
  invites: { used: invites[0], monthly: invites[1] },
  introductions: { used: 0, monthly: 5 },
  vouchAsks: { used: 0, monthly: 10 },
  periodEnd: '2026-12-01T00:00:00.000Z',
});

describe('the allowance shown before the Create Vouch form (issue 16)', () => {
  it('counts recommendations against the vouches allowance and invites against the invites one', () => {
    expect(allowanceFor(usage([3, 15], [1, 5]), 'recommendation')).toEqual({ left: 12, monthly: 15, text: '12 of 15 vouches left this month.' });
    expect(allowanceFor(usage([3, 15], [1, 5]), 'invite')).toEqual({ left: 4, monthly: 5, text: '4 of 5 invites left this month.' });
  });

  it('at the limit says so, when it resets and that an upgrade lifts it', () => {
    expect(allowanceFor(usage([15, 15], [0, 5]), 'recommendation')).toEqual({
      left: 0,
      monthly: 15,
      text: 'You have used all 15 vouches of your plan this month; more on December 1, or upgrade now.',
    });
    expect(allowanceFor(usage([15, 15], [0, 5]), 'invite').left).toBe(5);
  });

  it('never shows a negative count (a plan lowered mid-month), and says "unlimited" for -1', () => {
    expect(allowanceFor(usage([20, 15], [0, 5]), 'recommendation').left).toBe(0);
    expect(allowanceFor(usage([40, -1], [0, -1]), 'invite')).toEqual({ left: null, monthly: -1, text: 'Unlimited invites on your plan.' });
  });
});
