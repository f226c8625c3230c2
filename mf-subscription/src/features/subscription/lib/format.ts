/** Words and numbers as the Subscription page shows them. */

/** "$0", "$29": plan prices are whole US dollars a month. */
export function formatPrice(priceMonthlyUsd: number): string {
  return `$${priceMonthlyUsd.toLocaleString('en-US')}`;
}

const RESET_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * "December 1, 2025". Periods end at 00:00 UTC on the 1st, so the date is read in UTC:
 * in a US time zone the local date would be the last day of the month before.
 * An unreadable value gives null (the page then leaves the date out).
 */
export function formatResetDate(periodEnd: string): string | null {
  const date = new Date(periodEnd);
  return Number.isNaN(date.getTime()) ? null : RESET_DATE.format(date);
}

/**
 * A subscription status as a person reads it: "active" stays "active" (SPEC §4); Stripe's
 * other statuses are spelled out in words ("past_due" → "past due").
 */
export function formatStatus(status: string): string {
  return status.replace(/_/g, ' ').trim().toLowerCase();
}

/** Green for statuses under which the plan applies, orange for the rest. */
export function statusTone(status: string): 'green' | 'orange' {
  return ['active', 'trialing'].includes(status) ? 'green' : 'orange';
}
