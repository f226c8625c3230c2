/**
 * Asking a member for a vouch (issue 28 item 4, like LinkedIn's "Ask for a recommendation"), and
 * the links that open another remote's dialog prefilled (remotes never import each other: a page
 * address with its parameters is the contract). Web-safe: no zod here (see vouch-asks.ts).
 */

/** open: waiting for the asked member; declined: they said no; fulfilled: they vouched for the asker. */
export const VOUCH_ASK_STATUSES = ['open', 'declined', 'fulfilled'] as const;
export type VouchAskStatus = (typeof VOUCH_ASK_STATUSES)[number];

/** GET /api/vouch-asks `box`: the asks made of me, or the ones I made. */
export const VOUCH_ASK_BOXES = ['received', 'sent'] as const;
export type VouchAskBox = (typeof VOUCH_ASK_BOXES)[number];

export const VOUCH_ASK_MESSAGE_MAX_LENGTH = 500;

/** The sentences a person reads; the server answers with the same ones. */
export const VOUCH_ASK_MESSAGES = {
  ownAsk: 'You cannot ask yourself for a Vouch.',
  memberNotFound: 'That member was not found.',
  duplicate: 'You already asked this member for a Vouch; they have not answered yet.',
  notFound: 'That ask for a Vouch was not found.',
  notAsked: 'Only the member who was asked can decline this ask.',
  answered: 'This ask for a Vouch was already answered.',
} as const;

/** The bell's sentence (and push body) for the asked member. */
export function vouchAskedText(askerName: string): string {
  return `${askerName} asked you for a Vouch. Vouch for them, or decline the ask.`;
}

/** What the asker reads about an ask's state on the member's profile. */
export function vouchAskStateText(status: VouchAskStatus, askedName: string): string {
  if (status === 'open') return `You asked ${askedName} for a Vouch. Waiting for their answer.`;
  if (status === 'declined') return `${askedName} declined your ask for a Vouch.`;
  return `${askedName} vouched for you after your ask.`;
}

/** The page parameter that opens Create Vouch prefilled for a member (the header's Create Vouch reads it). */
export const VOUCH_FOR_PARAM = 'vouchFor';

/** A path that opens Create Vouch prefilled for `memberId` (an ask's bell item, its text and push). */
export function vouchForPath(memberId: number, page = '/my-vouches'): string {
  return `${page}?${VOUCH_FOR_PARAM}=${memberId}`;
}

/** The member id of `?vouchFor=` in a page's query string, or null. */
export function readVouchForParam(search: string): number | null {
  const raw = new URLSearchParams(search).get(VOUCH_FOR_PARAM);
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The page parameters that open a request addressed to a member (mf-introductions' page reads them). */
export const REQUEST_INTRO_PARAMS = { to: 'introTo', through: 'introThrough' } as const;

export interface RequestIntroPrefill {
  /** The member the introduction is to. */
  to: number;
  /** The first hop of the path shown: the 1° connection proposed as connector (the member may choose another). */
  through: number;
}

/** The path that opens a request addressed to a member, through the first hop of the path shown (issue 44). */
export function requestIntroPath(prefill: RequestIntroPrefill): string {
  const query = new URLSearchParams({ [REQUEST_INTRO_PARAMS.to]: String(prefill.to), [REQUEST_INTRO_PARAMS.through]: String(prefill.through) });
  return `/introduction-requests?${query.toString()}`;
}

const memberIdParam = (raw: string | null): number | null => (raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null);

/** The prefill of a page's query string, or null when it names none (or a malformed one). */
export function readRequestIntroPrefill(search: string): RequestIntroPrefill | null {
  const params = new URLSearchParams(search);
  const to = memberIdParam(params.get(REQUEST_INTRO_PARAMS.to));
  const through = memberIdParam(params.get(REQUEST_INTRO_PARAMS.through));
  return to !== null && through !== null ? { to, through } : null;
}
