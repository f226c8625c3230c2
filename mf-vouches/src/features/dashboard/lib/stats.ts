/** The numbers of the Stats page that are not scores (SPEC "Stats", §9). Pure. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The sent-Vouch card shows this many (SPEC §9 "sent card 3"). */
export const SENT_CARD_LIMIT = 3;
/** The pending card lists every pending vouch, and links to /pending-vouches when there are more than this. */
export const PENDING_CARD_LINK_AFTER = 3;

/** Whole days since the account was created (0 on the first day; 0 for a missing or future date). */
export function daysActive(createdAt: string | undefined | null, now: Date = new Date()): number {
  if (!createdAt) return 0;
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return 0;
  return Math.max(0, Math.floor((now.getTime() - created) / DAY_MS));
}

/** "1 day" / "12 days". */
export const daysLabel = (days: number): string => `${days} ${days === 1 ? 'day' : 'days'}`;

/** Whether the pending card links to the full list. */
export const pendingNeedsLink = (count: number): boolean => count > PENDING_CARD_LINK_AFTER;

/** The first vouches of the sent card, newest first as the server sends them. */
export const sentCardVouches = <V>(vouches: readonly V[]): V[] => vouches.slice(0, SENT_CARD_LIMIT);
