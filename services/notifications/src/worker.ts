// The notifications service's entry for the worker process: the channels configured in the
// environment (texts, FCM, Web Push) and the delivery pass. Request-serving code only queues
// (notify, in the change's transaction).
import type { Agent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import type twilio from 'twilio';
import type { Database, Logger } from '@vouch/service-core';
import { describePush, describeTexts, readPushConfig, readTextConfig } from './config';
import { createFcmSender } from './delivery/fcm-sender';
import type { PushSenders } from './delivery/push-sender';
import { createDevOutboxTextSender, createTwilioTextSender, type TextSender } from './delivery/text-sender';
import { createWebPushSender } from './delivery/web-push-sender';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryChannels, type DeliveryOptions } from './domain/deliver';

export { deliverDueNotifications, retryDelayMs, DEFAULT_DELIVERY_OPTIONS } from './domain/deliver';
export type { DeliveryChannels, DeliveryOptions, DeliveryReport } from './domain/deliver';
export type { PushSender, PushSenders, SendOutcome } from './delivery/push-sender';
export type { TextOutcome, TextSender } from './delivery/text-sender';
export { outboxLag } from './data-access/outbox.repository';

function whole(env: NodeJS.ProcessEnv, names: readonly string[], fallback: number, min: number, max: number): number {
  const name = names.find((candidate) => env[candidate]?.trim()) ?? names[0]!;
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  return value;
}

/**
 * NOTIFY_MAX_ATTEMPTS and NOTIFY_RETRY_BASE_MS (their issue 29 names PUSH_… still read), and the
 * batches: NOTIFY_BATCH, NOTIFY_TEXT_CONCURRENCY, NOTIFY_PUSH_CONCURRENCY, NOTIFY_CLAIM_MS (the
 * lease) and NOTIFY_SEND_MS (the room a send needs in it), from the environment.
 */
export function readDeliveryOptions(env: NodeJS.ProcessEnv): DeliveryOptions {
  const d = DEFAULT_DELIVERY_OPTIONS;
  const options: DeliveryOptions = {
    maxAttempts: whole(env, ['NOTIFY_MAX_ATTEMPTS', 'PUSH_MAX_ATTEMPTS'], d.maxAttempts, 1, 50),
    retryBaseMs: whole(env, ['NOTIFY_RETRY_BASE_MS', 'PUSH_RETRY_BASE_MS'], d.retryBaseMs, 10, 3_600_000),
    batch: whole(env, ['NOTIFY_BATCH'], d.batch, 1, 1_000),
    concurrency: { text: whole(env, ['NOTIFY_TEXT_CONCURRENCY'], d.concurrency.text, 1, 100), push: whole(env, ['NOTIFY_PUSH_CONCURRENCY'], d.concurrency.push, 1, 100) },
    claimMs: whole(env, ['NOTIFY_CLAIM_MS'], d.claimMs, 1_000, 3_600_000),
    sendMs: whole(env, ['NOTIFY_SEND_MS'], d.sendMs, 100, 600_000),
  };
  // A lease shorter than one send would release every row unsent: refused at start.
  if (options.sendMs >= options.claimMs) throw new Error(`NOTIFY_SEND_MS (${options.sendMs}) must be shorter than NOTIFY_CLAIM_MS (${options.claimMs}).`);
  return options;
}

/** Where a worker without PUBLIC_URL (development only: production requires it) links to. */
function publicUrlOf(env: NodeJS.ProcessEnv): string {
  return (env.PUBLIC_URL?.trim() || `http://localhost:${env.PORT?.trim() || '3000'}`).replace(/\/+$/, '');
}

/** What reaches the outside world instead of Twilio, FCM and push services (tests: local fakes). */
export interface DeliveryAgents {
  fcm?: Agent;
  webPush?: HttpsAgent;
  twilio?: InstanceType<typeof twilio.RequestClient>;
}

/**
 * The channels configured in `env` — a text sender (Twilio Messaging, or the dev SMS outbox in
 * development mode; none with TEXTS=off) and the push senders of the platforms that are on — and
 * a close() that releases them. The log says which are on.
 */
export function createDeliveryChannels(env: NodeJS.ProcessEnv, db: Database, logger: Logger, agents: DeliveryAgents = {}): { channels: DeliveryChannels; close(): Promise<void> } {
  const push = readPushConfig(env);
  for (const problem of push.problems) logger.warn(problem);
  logger.info(describePush(push, env));
  const senders: PushSenders = {};
  if (push.fcm) {
    const fcm = createFcmSender(push.fcm, { httpAgent: agents.fcm });
    senders.ios = fcm;
    senders.android = fcm;
  }
  if (push.webPush) senders.web = createWebPushSender(push.webPush, { agent: agents.webPush });

  const texts = readTextConfig(env);
  logger.info(describeTexts(texts));
  const text: TextSender | null =
    texts.channel === 'twilio' ? createTwilioTextSender(texts, { httpClient: agents.twilio }) : texts.channel === 'dev-outbox' ? createDevOutboxTextSender(db, logger) : null;
  return {
    channels: { text, push: senders, publicUrl: publicUrlOf(env) },
    async close() {
      await senders.ios?.close?.();
    },
  };
}
