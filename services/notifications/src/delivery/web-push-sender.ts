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

/** A Web Push sender signing with the VAPID keys; `agent` carries the request (tests: a local fake). */
export function createWebPushSender(vapid: VapidDetails, options: { agent?: Agent } = {}): PushSender {
  return {
    name: 'Web Push',
    async send(device, message) {
      try {
        const subscription = JSON.parse(device.token) as webpush.PushSubscription;
        // Only the message: the service worker shows title and body and opens link.
        const payload = JSON.stringify({ kind: message.kind, title: message.title, body: message.body, link: message.link });
        await webpush.sendNotification(subscription, payload, {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          timeout: 10_000,
          ...(options.agent ? { agent: options.agent } : {}),
        });
        return { result: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}
