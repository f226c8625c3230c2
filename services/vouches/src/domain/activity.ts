import type { Transaction } from 'sequelize';
import type { Database, PageRequest } from '@vouch/service-core';
import { activityTypesOf, RECORDED_ACTIVITY_TYPES, type Activity, type ActivityKind, type ActivityType, type VouchType } from '@vouch/contracts';
import { countUnread, insertActivity, listActivities, listActivitiesSince, markSeenThrough, newestActivityId, seenThroughId, type ActivityRecord } from '../data-access/activity.repository';

/** GET /api/activities shows this many, newest first, unless the client asks for another page size. */
export const ACTIVITY_FEED_LIMIT = 20;
export const ACTIVITY_PAGE_LIMITS = { defaultLimit: ACTIVITY_FEED_LIMIT, maxLimit: 100 };

export interface NewActivity {
  memberId: number;
  /** One of RECORDED_ACTIVITY_TYPES (the API document's enum: add a new one there first). */
  type: ActivityType;
  /** The sentence shown, at most 500 characters (longer is cut). */
  description: string;
  at?: Date;
  /** The other member it is about, when there is one (its profile is linked). */
  aboutMemberId?: number | null;
  /** The member did it themself ("You vouched for …"): shown, never counted as unread. */
  bySelf?: boolean;
}

/**
 * Adds an entry to a member's activity feed inside the caller's transaction `t`, so it is
 * written if and only if the caller's change is.
 */
export async function recordActivity(db: Database, t: Transaction, activity: NewActivity): Promise<ActivityRecord> {
  const { memberId, type, description, at = new Date(), aboutMemberId = null, bySelf = false } = activity;
  if (!Number.isSafeInteger(memberId)) throw new TypeError('recordActivity: memberId must be an integer.');
  if (!(RECORDED_ACTIVITY_TYPES as readonly string[]).includes(type)) throw new TypeError(`recordActivity: "${type}" is not one of RECORDED_ACTIVITY_TYPES (@vouch/contracts).`);
  const text = description.trim();
  if (!text) throw new TypeError('recordActivity: description must not be empty.');
  return insertActivity(db, t, { memberId, type, description: text.length > 500 ? `${text.slice(0, 499)}…` : text, aboutMemberId, bySelf, createdAt: at });
}

/** The bell counts unread activities up to this many (it shows "9+" past 9). */
export const UNREAD_COUNT_CAP = 100;

/**
 * One page of the feed: `page.limit + 1` rows after its cursor (the extra one tells a next page
 * exists), only the activities of `kind` when given. Each says whether it is unread: newer than
 * the member last saw, and done by someone else.
 */
export async function activityFeed(db: Database, memberId: number, page: PageRequest = { limit: ACTIVITY_FEED_LIMIT, after: null }, kind: ActivityKind | null = null): Promise<Activity[]> {
  const [rows, seen] = await Promise.all([listActivities(db, memberId, page.limit + 1, page.after, kind ? activityTypesOf(kind) : null), seenThroughId(db, memberId)]);
  return rows.map((a) => toActivity(a, seen));
}

const toActivity = (a: ActivityRecord, seen: number): Activity => ({
  id: a.id,
  type: a.type as ActivityType,
  description: a.description,
  aboutMemberId: a.aboutMemberId,
  bySelf: a.bySelf,
  unread: !a.bySelf && a.id > seen,
  createdAt: a.createdAt.toISOString(),
});

/** `?updated_since=` of the feed: the activities written at or after `since`, oldest first (a page: limit + 1 rows). */
export async function activityChangedSince(db: Database, memberId: number, since: Date, page: PageRequest): Promise<Activity[]> {
  const [rows, seen] = await Promise.all([listActivitiesSince(db, memberId, since, page), seenThroughId(db, memberId)]);
  return rows.map((a) => toActivity(a, seen));
}

/** How many activities others did since the member last looked (at most UNREAD_COUNT_CAP). */
export async function unreadActivityCount(db: Database, memberId: number): Promise<number> {
  return countUnread(db, memberId, await seenThroughId(db, memberId), UNREAD_COUNT_CAP);
}

/**
 * The member has seen their feed through activity `throughId` (default: their newest). A mark
 * only moves forward, and never past the member's own newest activity; the answer is what is
 * still unread.
 */
export async function markActivitiesSeen(db: Database, memberId: number, throughId: number | null, now: Date = new Date()): Promise<number> {
  const newest = await newestActivityId(db, memberId);
  const mark = throughId === null ? newest : Math.min(throughId, newest);
  if (mark > 0) await markSeenThrough(db, memberId, mark, now);
  return unreadActivityCount(db, memberId);
}

const noun = (type: VouchType) => (type === 'invite' ? 'invitation' : 'Vouch');

/** The sentences of the vouch activities, for each side. */
export const vouchActivityText = {
  created: (type: VouchType, recipientName: string) =>
    type === 'invite' ? `You invited ${recipientName} to join Vouch.` : `You vouched for ${recipientName}.`,
  receivedForRecipient: (type: VouchType, voucherName: string) =>
    type === 'invite' ? `${voucherName} invited you to join Vouch.` : `${voucherName} vouched for you.`,
  acceptedForVoucher: (type: VouchType, recipientName: string) => `${recipientName} accepted your ${noun(type)}.`,
  acceptedForRecipient: (type: VouchType, voucherName: string) => `You accepted ${voucherName}'s ${noun(type)}.`,
  rejectedForVoucher: (type: VouchType, recipientName: string) => `${recipientName} declined your ${noun(type)}.`,
  rejectedForRecipient: (type: VouchType, voucherName: string) => `You declined ${voucherName}'s ${noun(type)}.`,
  revoked: (type: VouchType, recipientName: string) => `You revoked your ${noun(type)} for ${recipientName}.`,
};
