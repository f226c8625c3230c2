/**
 * Usage periods are calendar months in UTC, for every plan and provider.
 *
 * Why not the subscription's own billing period: a free member has none, a plan change
 * would move the boundary mid-month, and Stripe's period only reaches us by webhook. A
 * calendar month is the same for everyone, known without a lookup, and easy to read on
 * the page ("resets on December 1"). A member who upgrades mid-month keeps what they used
 * and gets the larger allowance at once.
 */
export interface UsagePeriod {
  /** First day of the month, 'YYYY-MM-DD' (the `usage.periodStart` key). */
  periodStart: string;
  /** 00:00 UTC on the first day of the next month: the moment the allowance resets. */
  periodEnd: Date;
}

export function usagePeriod(now: Date = new Date()): UsagePeriod {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const periodStart = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
  return { periodStart, periodEnd: new Date(Date.UTC(year, month + 1, 1)) };
}
