/**
 * Usage bars (SPEC "Subscription", §9): used / monthly, where monthly -1 means unlimited and
 * a bar never goes past 100 %.
 */
// UNLIMITED_MONTHLY lives in contracts' zod-free subscriptions.rules.ts: with `sideEffects: false`
// webpack takes it alone, without the schemas.
import { UNLIMITED_MONTHLY, type UsageKind, type UsageOfKind } from '@vouch/contracts';

export function isUnlimited(monthly: number): boolean {
  return monthly === UNLIMITED_MONTHLY;
}

/**
 * How full the bar is, 0–100 (rounded down so 99.6 % is not shown as full), or null for an
 * unlimited allowance (no bar to fill). A zero allowance with anything used is full.
 */
export function usagePercent({ used, monthly }: UsageOfKind): number | null {
  if (isUnlimited(monthly)) return null;
  const spent = Math.max(0, used);
  if (monthly <= 0) return spent > 0 ? 100 : 0;
  return Math.min(100, Math.floor((spent / monthly) * 100));
}

/** "3 / 15", or "3 / Unlimited". */
export function formatUsage({ used, monthly }: UsageOfKind): string {
  return `${Math.max(0, used)} / ${isUnlimited(monthly) ? 'Unlimited' : monthly}`;
}

/** Screen-reader wording of a bar: "3 of 15 used", "3 used, unlimited". */
export function usageValueText({ used, monthly }: UsageOfKind): string {
  const spent = Math.max(0, used);
  return isUnlimited(monthly) ? `${spent} used, unlimited` : `${spent} of ${monthly} used`;
}

export type UsageTone = 'normal' | 'high' | 'full';

/** Colour band of a bar: full at the limit, high from 80 %. */
export function usageTone(usage: UsageOfKind): UsageTone {
  const percent = usagePercent(usage);
  if (percent === null) return 'normal';
  if (percent >= 100) return 'full';
  return percent >= 80 ? 'high' : 'normal';
}

/** The bars, in the order and wording of SPEC "Subscription", then the asks for a vouch (issue 28). */
export const USAGE_ROWS: readonly { kind: UsageKind; label: string }[] = [
  { kind: 'vouches', label: 'Vouches' },
  { kind: 'invites', label: 'Invites' },
  { kind: 'introductions', label: 'Introduction requests' },
  { kind: 'vouchAsks', label: 'Asks for a vouch' },
];
