import { USAGE_ROWS, formatUsage, isUnlimited, usagePercent, usageTone, usageValueText } from '../src/features/subscription/lib/usage';

describe('usage bars (SPEC "Subscription", §9)', () => {
  it('fills in proportion to the monthly allowance, rounded down', () => {
    expect(usagePercent({ used: 0, monthly: 15 })).toBe(0);
    expect(usagePercent({ used: 3, monthly: 15 })).toBe(20);
    expect(usagePercent({ used: 14, monthly: 15 })).toBe(93);
    expect(usagePercent({ used: 199, monthly: 200 })).toBe(99);
  });

  it('never goes past 100 %, even when more was used than the plan now allows (after a downgrade)', () => {
    expect(usagePercent({ used: 15, monthly: 15 })).toBe(100);
    expect(usagePercent({ used: 60, monthly: 15 })).toBe(100);
  });

  it('has no bar for an unlimited allowance (-1)', () => {
    expect(isUnlimited(-1)).toBe(true);
    expect(isUnlimited(0)).toBe(false);
    expect(usagePercent({ used: 500, monthly: -1 })).toBeNull();
  });

  it('treats a zero allowance as full once anything is used, and negative counts as nothing', () => {
    expect(usagePercent({ used: 0, monthly: 0 })).toBe(0);
    expect(usagePercent({ used: 1, monthly: 0 })).toBe(100);
    expect(usagePercent({ used: -2, monthly: 10 })).toBe(0);
  });

  it('reads "used / monthly", with Unlimited for -1', () => {
    expect(formatUsage({ used: 0, monthly: 15 })).toBe('0 / 15');
    expect(formatUsage({ used: 7, monthly: 100 })).toBe('7 / 100');
    expect(formatUsage({ used: 42, monthly: -1 })).toBe('42 / Unlimited');
  });

  it('tells screen readers the same in words', () => {
    expect(usageValueText({ used: 3, monthly: 15 })).toBe('3 of 15 used');
    expect(usageValueText({ used: 3, monthly: -1 })).toBe('3 used, unlimited');
  });

  it('turns orange from 80 % and red at the limit; unlimited stays calm', () => {
    expect(usageTone({ used: 11, monthly: 15 })).toBe('normal');
    expect(usageTone({ used: 12, monthly: 15 })).toBe('high');
    expect(usageTone({ used: 15, monthly: 15 })).toBe('full');
    expect(usageTone({ used: 10_000, monthly: -1 })).toBe('normal');
  });

  it('shows vouches, invites and introduction requests, in that order', () => {
    expect(USAGE_ROWS.map((row) => row.kind)).toEqual(['vouches', 'invites', 'introductions', 'vouchAsks']);
    expect(USAGE_ROWS.map((row) => row.label)).toEqual(['Vouches', 'Invites', 'Introduction requests', 'Asks for a vouch']);
  });
});
