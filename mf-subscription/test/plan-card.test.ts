import { isPaidPlan, planCardAction } from '../src/features/subscription/lib/plan-card';

const free = { name: 'free', displayName: 'Network Builder', priceMonthlyUsd: 0 } as const;
const premium = { name: 'premium', displayName: 'Network Pro', priceMonthlyUsd: 29 } as const;
const enterprise = { name: 'enterprise', displayName: 'Network Catalyst', priceMonthlyUsd: 99 } as const;

describe('plan card actions (SPEC "Subscription": current plan marked, upgrade or switch)', () => {
  it('marks the member’s own plan and offers no button for it', () => {
    expect(planCardAction(free, free)).toEqual({ kind: 'current', label: 'Current Plan' });
    expect(planCardAction(premium, premium).kind).toBe('current');
  });

  it('offers upgrades to dearer plans from the free plan', () => {
    expect(planCardAction(premium, free)).toEqual({ kind: 'upgrade', label: 'Upgrade to Network Pro' });
    expect(planCardAction(enterprise, free)).toEqual({ kind: 'upgrade', label: 'Upgrade to Network Catalyst' });
  });

  it('offers an upgrade from Pro to Catalyst and a switch from Catalyst down to Pro', () => {
    expect(planCardAction(enterprise, premium).kind).toBe('upgrade');
    expect(planCardAction(premium, enterprise)).toEqual({ kind: 'switch', label: 'Switch to Network Pro' });
  });

  it('reaches the free plan from a paid one by cancelling', () => {
    expect(planCardAction(free, premium)).toEqual({ kind: 'cancel', label: 'Switch to Network Builder' });
    expect(planCardAction(free, enterprise).kind).toBe('cancel');
  });

  it('shows Manage Billing and Cancel Subscription only for paid plans', () => {
    expect(isPaidPlan(free)).toBe(false);
    expect(isPaidPlan(premium)).toBe(true);
    expect(isPaidPlan(undefined)).toBe(false);
  });
});
