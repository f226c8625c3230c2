import type { Transaction } from 'sequelize';
import type { Database, PageRequest } from '@vouch/service-core';
import { RECORDED_ACTIVITY_TYPES, type Activity, type ActivityType, type VouchType } from '@vouch/contracts';
import { insertActivity, listActivities, listActivitiesSince, type ActivityRecord } from '../data-access/activity.repository';

/** GET /api/activities shows this many, newest first, unless the client asks for another page size. */
export const ACTIVITY_FEED_LIMIT = 20;
export const ACTIVITY_PAGE_LIMITS = { defaultLimit: ACTIVITY_FEED_LIMIT, maxLimit: 100 };

/**
 * Adds an entry to a member's activity feed inside the caller's transaction `t`, so it is
 * written if and only if the caller's change is. `type` is one of RECORDED_ACTIVITY_TYPES (the
 * API document's enum: add a new one there first); `description` is the sentence shown, at most 500 characters (longer is cut);
 * `aboutMemberId` the other member it is about, when there is one (its profile is linked).
 */
export async function recordActivity(
  db: Database,
  t: Transaction,
  memberId: number,
  type: ActivityType,
  description: string,
  at: Date = new Date(),
  aboutMemberId: number | null = null,
): Promise<ActivityRecord> {
  if (!Number.isSafeInteger(memberId)) throw new TypeError('recordActivity: memberId must be an integer.');
  if (!(RECORDED_ACTIVITY_TYPES as readonly string[]).includes(type)) throw new TypeError(`recordActivity: "${type}" is not one of RECORDED_ACTIVITY_TYPES (@vouch/contracts).`);
  const text = description.trim();
  if (!text) throw new TypeError('recordActivity: description must not be empty.');
  return insertActivity(db, t, { memberId, type, description: text.length > 500 ? `${text.slice(0, 499)}…` : text, aboutMemberId, createdAt: at });
}

/** One page of the feed: `page.limit + 1` rows after its cursor (the extra one tells a next page exists). */
export async function activityFeed(db: Database, memberId: number, page: PageRequest = { limit: ACTIVITY_FEED_LIMIT, after: null }): Promise<Activity[]> {
  return (await listActivities(db, memberId, page.limit + 1, page.after)).map(toActivity);
}

const toActivity = (a: ActivityRecord): Activity => ({ id: a.id, type: a.type as ActivityType, description: a.description, aboutMemberId: a.aboutMemberId, createdAt: a.createdAt.toISOString() });

/** `?updated_since=` of the feed: the activities written at or after `since`, oldest first (a page: limit + 1 rows). */
export async function activityChangedSince(db: Database, memberId: number, since: Date, page: PageRequest): Promise<Activity[]> {
  return (await listActivitiesSince(db, memberId, since, page)).map(toActivity);
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
