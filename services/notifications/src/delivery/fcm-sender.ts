// FCM HTTP v1 through firebase-admin's messaging().send (ios and android devices).
import type { Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { getMessaging } from 'firebase-admin/messaging';
import type { FcmCredentials } from '../config';
import type { PushSender, SendOutcome } from './push-sender';

/** The token is gone or was never valid: FCM's UNREGISTERED, INVALID_ARGUMENT on the token. */
const INVALID_TOKEN = new Set(['messaging/registration-token-not-registered', 'messaging/invalid-registration-token', 'messaging/invalid-argument']);
/** FCM or the network failing for now (a 503 firebase-admin already retried itself). */
const TRANSIENT = new Set(['messaging/internal-error', 'messaging/server-unavailable', 'messaging/message-rate-exceeded', 'messaging/unknown-error', 'app/network-error', 'app/network-timeout', 'app/invalid-credential']);

function outcomeOf(error: unknown): SendOutcome {
  const code = (error as { code?: unknown }).code;
  const text = `${typeof code === 'string' ? `${code}: ` : ''}${error instanceof Error ? error.message : String(error)}`;
  if (typeof code === 'string' && INVALID_TOKEN.has(code)) return { result: 'invalid-token', error: text };
  if (typeof code !== 'string' || TRANSIENT.has(code)) return { result: 'retry', error: text };
  return { result: 'failed', error: text };
}

/**
 * An FCM sender with its own firebase-admin app. `httpAgent` carries every call (the OAuth token
 * and FCM): firebase-admin's documented hook, which tests use to reach a local fake. It reaches
 * the token endpoint only with a credentials file (firebase-admin 13 drops it for inline keys).
 */
export function createFcmSender(credentials: FcmCredentials, options: { httpAgent?: Agent } = {}): PushSender {
  const { httpAgent } = options;
  const app = initializeApp(
    { credential: cert('file' in credentials ? credentials.file : credentials, httpAgent), ...(httpAgent ? { httpAgent } : {}) },
    `vouch-push-${randomBytes(4).toString('hex')}`,
  );
  const messaging = getMessaging(app);
  return {
    name: 'FCM',
    async send(device, message) {
      try {
        const { kind, title, body, link, url, objectType, objectId, activityId, badge, collapseId } = message;
        await messaging.send({
          token: device.token,
          notification: { title, body },
          // FCM data values are strings; the apps open `link` (or `url`, their universal link) and
          // can GET the object by objectType and objectId.
          data: { kind, link, url, badge: String(badge), ...(objectType ? { objectType, objectId: String(objectId), activityId: String(activityId) } : {}) },
          // One notification per object on the device: a newer one about it replaces the older.
          android: { priority: 'high', collapseKey: collapseId, notification: { tag: collapseId, notificationCount: badge } },
          apns: { headers: { 'apns-collapse-id': collapseId }, payload: { aps: { sound: 'default', badge, ...(objectType ? { threadId: objectType } : {}) } } },
        });
        return { result: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
    async close() {
      await deleteApp(app);
    },
  };
}
