/**
 * The one way to reach a member (issue 40). A service that changes something another member
 * should hear of calls notify() inside the change's transaction: the member's bell item and the
 * outbox row are written with the change, or not at all. The worker then fans the outbox row out
 * to the channels the member chose (text, push) and delivers each with retries. Nothing on the
 * request path talks to Twilio, FCM or a push service.
 *
 * The bell is written here rather than by the worker: it is the member's record of what happened,
 * needs no outside service (so it cannot fail on its own), and must agree with the object the
 * moment the change commits.
 */
import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { ActivityType, NotificationKind, NotificationObjectType } from '@vouch/contracts';
import { insertNotification } from '../data-access/outbox.repository';
import { recordActivity } from './activity';
import { fillTextTemplate, type TextFields } from './text-message';

/** The title a push carries for each kind; its body is the bell's sentence. */
export const PUSH_TITLES: Record<NotificationKind, string> = {
  vouch_received: 'New Vouch',
  vouch_accepted: 'Vouch accepted',
  vouch_declined: 'Vouch declined',
  introduction_asked: 'Introduction request',
  introduction_agreed: 'Introduction agreed',
  introduction_declined: 'Introduction declined',
  suggestion_received: 'New suggestion',
  suggestion_accepted: 'Suggestion accepted',
  vouch_asked: 'Asked for a Vouch',
  ask_declined: 'Ask declined',
  connector_asked: 'Asked to introduce',
  introduction_forwarded: 'Introduction forwarded',
};

const PUSH_BODY_MAX_LENGTH = 500;

export interface NotificationEvent {
  /** Who hears of it. */
  memberId: number;
  kind: NotificationKind;
  /** The bell's icon (RECORDED_ACTIVITY_TYPES). */
  type: ActivityType;
  /** The bell's sentence; also the push body unless `push` is given. */
  bell: string;
  /** The push body when the bell's sentence holds what a lock screen must not show (a member's message). */
  push?: string;
  /** The text message: a template of ours and its fields (names and phones only). None: this event sends no text. */
  text?: { template: string; fields: TextFields };
  /** What it is about: the member can GET it by id, and `link` opens it. */
  object: { type: NotificationObjectType; id: number };
  /** The app path that opens the object on the right tab (notificationLinks of @vouch/contracts). */
  link: string;
  /** The other member it is about (the bell shows their profile when the object page is gone). */
  aboutMemberId?: number | null;
  at: Date;
}

/**
 * Tells `event.memberId` of another member's step, inside the change's transaction `t`: their
 * bell item and one outbox row. Which channels it then takes is the worker's reading of the
 * member's preferences and devices at delivery, so a choice made meanwhile is honoured.
 */
export async function notify(db: Database, t: Transaction, event: NotificationEvent): Promise<void> {
  const activity = await recordActivity(db, t, { memberId: event.memberId, type: event.type, description: event.bell, at: event.at, aboutMemberId: event.aboutMemberId ?? null, object: event.object, link: event.link });
  const push = (event.push ?? event.bell).trim();
  await insertNotification(db, t, {
    memberId: event.memberId,
    activityId: activity.id,
    kind: event.kind,
    objectType: event.object.type,
    objectId: event.object.id,
    link: event.link,
    title: PUSH_TITLES[event.kind],
    body: push.length > PUSH_BODY_MAX_LENGTH ? `${push.slice(0, PUSH_BODY_MAX_LENGTH - 1)}…` : push,
    textBody: event.text ? fillTextTemplate(event.text.template, event.text.fields).slice(0, 400) : null,
    createdAt: event.at,
  });
}

/** A member's own step ("You vouched for …"): a bell item that is never unread and never sent anywhere. */
export interface OwnStep {
  memberId: number;
  type: ActivityType;
  bell: string;
  object?: { type: NotificationObjectType; id: number } | null;
  link?: string | null;
  aboutMemberId?: number | null;
  at: Date;
}

export async function noteOwnStep(db: Database, t: Transaction, step: OwnStep): Promise<void> {
  await recordActivity(db, t, { memberId: step.memberId, type: step.type, description: step.bell, at: step.at, aboutMemberId: step.aboutMemberId ?? null, bySelf: true, object: step.object ?? null, link: step.link ?? null });
}
