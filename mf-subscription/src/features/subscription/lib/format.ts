/** Words and numbers as the Subscription page shows them. */

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
