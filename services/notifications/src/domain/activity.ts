import type { Transaction } from 'sequelize';
import { memberAudience, problems, recordChanges, type Database, type PageRequest, type SyncedList } from '@vouch/service-core';
import { activityLink, activityTypesOf, RECORDED_ACTIVITY_TYPES, type Activity, type ActivityKind, type ActivityType, type NotificationObjectType } from '@vouch/contracts';
import {
  countUnread,
  findActivity,
  insertActivity,
  listActivities,
  listActivitiesAfterId,
  listActivitiesByIds,
  listActivitiesSince,
  markSeenThrough,
  newestActivityId,
  othersActivityIdsBetween,
  seenThroughId,
  type ActivityRecord,
} from '../data-access/activity.repository';

/** The sync log's name of the feed (GET /api/activities/sync). */
export const ACTIVITY_SYNC_LIST = 'activities';

/** Records, in `t`, that these activities changed (new, or no longer linking a member): their owners' synced feeds read them again. */
export function recordActivityChanges(db: Database, t: Transaction, activities: readonly Pick<ActivityRecord, 'id' | 'memberId'>[]): void {
  recordChanges(db, t, activities.map((a) => ({ audience: memberAudience(a.memberId), list: ACTIVITY_SYNC_LIST, objectId: a.id })));
}

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
  /** What it is about, and the app path that opens it (notificationLinks of @vouch/contracts). */
  object?: { type: NotificationObjectType; id: number } | null;
  link?: string | null;
}

/**
 * Adds an entry to a member's activity feed inside the caller's transaction `t`, so it is
 * written if and only if the caller's change is.
 */
export async function recordActivity(db: Database, t: Transaction, activity: NewActivity): Promise<ActivityRecord> {
  const { memberId, type, description, at = new Date(), aboutMemberId = null, bySelf = false, object = null, link = null } = activity;
  if (!Number.isSafeInteger(memberId)) throw new TypeError('recordActivity: memberId must be an integer.');
  if (!(RECORDED_ACTIVITY_TYPES as readonly string[]).includes(type)) throw new TypeError(`recordActivity: "${type}" is not one of RECORDED_ACTIVITY_TYPES (@vouch/contracts).`);
  const text = description.trim();
  if (!text) throw new TypeError('recordActivity: description must not be empty.');
  const written = await insertActivity(db, t, { memberId, type, description: text.length > 500 ? `${text.slice(0, 499)}…` : text, aboutMemberId, bySelf, objectType: object?.type ?? null, objectId: object?.id ?? null, link, createdAt: at });
  recordActivityChanges(db, t, [written]);
  return written;
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
  // Items older than issue 40 carry no link: they open the list their type belongs to.
  link: a.link ?? activityLink(a),
  objectType: a.objectType,
  objectId: a.objectId,
  createdAt: a.createdAt.toISOString(),
});

/** GET /api/activities/{id}: one of the member's own items; anyone else's is the 404 of an unknown id. */
export async function activityOf(db: Database, memberId: number, id: number | null): Promise<Activity> {
  const found = id === null ? null : await findActivity(db, memberId, id);
  if (!found) throw problems.notFound('Activity not found.');
  return toActivity(found, await seenThroughId(db, memberId));
}

/**
 * GET /api/activities/sync: the member's feed as a synced list. An activity changes when it is
 * written, when the member marks it seen (`unread`) and when the member it is about deletes their
 * account (`aboutMemberId`).
 */
export function activitySyncList(db: Database, memberId: number): SyncedList<Activity> {
  const withUnread = async (rows: ActivityRecord[]) => {
    const seen = await seenThroughId(db, memberId);
    return rows.map((a) => toActivity(a, seen));
  };
  return {
    list: ACTIVITY_SYNC_LIST,
    audience: memberAudience(memberId),
    itemsAfter: async (afterId, rows) => withUnread(await listActivitiesAfterId(db, memberId, afterId, rows)),
    itemsByIds: async (ids) => withUnread(await listActivitiesByIds(db, memberId, ids)),
    idOf: (activity) => activity.id,
  };
}

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
  if (mark > 0) {
    await db.transaction(async (t) => {
      // What turns read on every device: the others' activities between the old mark and the new one.
      const before = await seenThroughId(db, memberId, t);
      await markSeenThrough(db, memberId, mark, now, t);
      if (mark > before) recordActivityChanges(db, t, (await othersActivityIdsBetween(db, memberId, before, mark, t)).map((id) => ({ id, memberId })));
    });
  }
  return unreadActivityCount(db, memberId);
}
