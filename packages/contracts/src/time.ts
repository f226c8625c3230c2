/**
 * "3 minutes ago": date distances in usual English (SPEC §9), the wording people know from
 * date-fns' `formatDistanceToNow(date, { addSuffix: true })`, without its 70 KB of locales.
 * Shared by every screen that shows when something happened.
 */

const MINUTES_IN_DAY = 1440;
const MINUTES_IN_MONTH = 43200;
const MINUTES_IN_TWO_MONTHS = 86400;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** Whole calendar months from `earlier` to `later` (a partial month does not count). */
function calendarMonthsBetween(earlier: Date, later: Date): number {
  let months = (later.getUTCFullYear() - earlier.getUTCFullYear()) * 12 + (later.getUTCMonth() - earlier.getUTCMonth());
  const laterRest = later.getTime() - Date.UTC(later.getUTCFullYear(), later.getUTCMonth());
  const earlierRest = earlier.getTime() - Date.UTC(earlier.getUTCFullYear(), earlier.getUTCMonth());
  if (laterRest < earlierRest) months -= 1;
  return Math.max(0, months);
}

/** The distance between two moments, without a suffix: "less than a minute", "about 3 hours", "over 1 year". */
export function formatDistance(from: Date, to: Date): string {
  const [earlier, later] = from <= to ? [from, to] : [to, from];
  const minutes = Math.round((later.getTime() - earlier.getTime()) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 45) return plural(minutes, 'minute');
  if (minutes < 90) return 'about 1 hour';
  if (minutes < MINUTES_IN_DAY) return `about ${plural(Math.round(minutes / 60), 'hour')}`;
  if (minutes < 2520) return '1 day';
  if (minutes < MINUTES_IN_MONTH) return plural(Math.round(minutes / MINUTES_IN_DAY), 'day');
  if (minutes < MINUTES_IN_TWO_MONTHS) return `about ${plural(Math.round(minutes / MINUTES_IN_MONTH), 'month')}`;
  const months = calendarMonthsBetween(earlier, later);
  if (months < 12) return plural(Math.max(2, Math.round(minutes / MINUTES_IN_MONTH)), 'month');
  const years = Math.floor(months / 12);
  const rest = months % 12;
  if (rest < 3) return `about ${plural(years, 'year')}`;
  if (rest < 9) return `over ${plural(years, 'year')}`;
  return `almost ${plural(years + 1, 'year')}`;
}

/**
 * "5 minutes ago", "about 2 hours ago", "3 days ago". An invalid date gives "". A moment up to
 * a minute in the future (another machine's clock) still reads "less than a minute ago";
 * further ahead reads "in …".
 */
export function formatTimeAgo(date: Date | string | number, now: Date = new Date()): string {
  const moment = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(moment.getTime())) return '';
  const ahead = moment.getTime() - now.getTime();
  if (ahead > 60_000) return `in ${formatDistance(now, moment)}`;
  if (ahead > 0) return 'less than a minute ago';
  return `${formatDistance(moment, now)} ago`;
}
