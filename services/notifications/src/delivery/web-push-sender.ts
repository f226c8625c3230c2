// Web Push (RFC 8030, payload encrypted per RFC 8291, VAPID per RFC 8292) through `web-push`.
import type { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import type { VapidDetails } from '../config';
import type { PushSender, SendOutcome } from './push-sender';

/** How long a push service keeps an undelivered message for an offline browser (one day). */
const TTL_SECONDS = 86_400;

function outcomeOf(error: unknown): SendOutcome {
  if (error instanceof WebPushError) {
    const text = `${error.statusCode}: ${error.body || error.message}`;
    // 404 and 410: the subscription expired or was unsubscribed.
    if (error.statusCode === 404 || error.statusCode === 410) return { result: 'invalid-token', error: text };
    if (error.statusCode === 429 || error.statusCode >= 500) return { result: 'retry', error: text };
    return { result: 'failed', error: text };
  }
  return { result: 'retry', error: error instanceof Error ? error.message : String(error) };
}

/** RFC 8030 §5.4: a topic is at most 32 characters of the URL-safe base64 alphabet. */
export function webPushTopic(collapseId: string): string {
  return collapseId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32);
}

/** A Web Push sender signing with the VAPID keys; `agent` carries the request (tests: a local fake). */
export function createWebPushSender(vapid: VapidDetails, options: { agent?: Agent } = {}): PushSender {
  return {
    name: 'Web Push',
    async send(device, message) {
      try {
        const subscription = JSON.parse(device.token) as webpush.PushSubscription;
        // The service worker shows title and body, opens link, and tags the notification with the
        // collapse id so a newer one about the same object replaces it.
        const { kind, title, body, link, url, objectType, objectId, activityId, badge, collapseId } = message;
        const payload = JSON.stringify({ kind, title, body, link, url, objectType, objectId, activityId, badge, tag: collapseId });
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          timeout: 10_000,
          // RFC 8030 Topic: the push service keeps only the newest undelivered message of a topic.
          topic: webPushTopic(collapseId),
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { result: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}
