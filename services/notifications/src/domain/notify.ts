import type { Transaction } from 'sequelize';
import type { Database } from '@vouch/service-core';
import type { NotificationKind, PushMessage } from '@vouch/contracts';
import { insertOutboxRows } from '../data-access/outbox.repository';

/** The title each kind carries; the body is the sentence the bell shows. */
const TITLES: Record<NotificationKind, string> = {
  vouch_received: 'New Vouch',
  vouch_accepted: 'Vouch accepted',
  introduction_asked: 'Introduction request',
  introduction_agreed: 'Introduction agreed',
  introduction_declined: 'Introduction declined',
  suggestion_received: 'New suggestion',
  suggestion_accepted: 'Suggestion accepted',
  vouch_asked: 'Asked for a Vouch',
};

/** The app path each kind opens (the apps map it to their screen; the web opens it). */
const LINKS: Record<NotificationKind, string> = {
  vouch_received: '/dashboard',
  vouch_accepted: '/dashboard',
  introduction_asked: '/introduction-requests',
  introduction_agreed: '/introduction-requests',
  introduction_declined: '/introduction-requests',
  suggestion_received: '/introduction-requests',
  suggestion_accepted: '/introduction-requests',
  vouch_asked: '/my-vouches',
};

/** The push message of a kind: its title, the bell's sentence as body (cut to 500), its link. */
export function pushMessage(kind: NotificationKind, body: string, link: string = LINKS[kind]): PushMessage {
  const text = body.trim();
  return { kind, title: TITLES[kind], body: text.length > 500 ? `${text.slice(0, 499)}…` : text, link };
}

/**
 * Queues a push notification to every device of the member, inside the caller's transaction `t`
 * (written if and only if the caller's change is), unless they turned `kind` off. The worker
 * delivers it; nothing here talks to FCM or a push service. `body` is the sentence the bell shows;
 * `link` the app path it opens when not the kind's own (an ask opens Create Vouch for the asker).
 */
export async function queueNotification(db: Database, t: Transaction, memberId: number, kind: NotificationKind, body: string, now: Date = new Date(), link?: string): Promise<void> {
  await insertOutboxRows(db, t, memberId, pushMessage(kind, body, link), now);
}
