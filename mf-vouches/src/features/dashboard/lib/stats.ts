/** The numbers of the Stats page that are not scores (SPEC "Stats", §9). Pure. */

/** The sent-Vouch card shows this many (SPEC §9 "sent card 3"). */
export const SENT_CARD_LIMIT = 3;
/** The pending card lists every pending vouch, and links to /pending-vouches when there are more than this. */
export const PENDING_CARD_LINK_AFTER = 3;

/** Whether the pending card links to the full list. */
export const pendingNeedsLink = (count: number): boolean => count > PENDING_CARD_LINK_AFTER;

/** The first vouches of the sent card, newest first as the server sends them. */
export const sentCardVouches = <V>(vouches: readonly V[]): V[] => vouches.slice(0, SENT_CARD_LIMIT);
