// The notifications service's entry for the worker process: the push senders of the configured
// channels and the delivery pass. Request-serving code only queues (queueNotification).
import type { Logger } from '@vouch/service-core';
import { describePush, readPushConfig } from './config';
import { createFcmSender } from './delivery/fcm-sender';
import type { PushSenders } from './delivery/push-sender';
import { createWebPushSender } from './delivery/web-push-sender';
import { DEFAULT_DELIVERY_OPTIONS, type DeliveryOptions } from './domain/deliver';

export { deliverDueNotifications, retryDelayMs, DEFAULT_DELIVERY_OPTIONS } from './domain/deliver';
export type { DeliveryOptions, DeliveryReport } from './domain/deliver';
export type { PushSender, PushSenders, SendOutcome } from './delivery/push-sender';

function whole(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
  return value;
}

/** PUSH_MAX_ATTEMPTS and PUSH_RETRY_BASE_MS from the environment (defaults: DEFAULT_DELIVERY_OPTIONS). */
export function readDeliveryOptions(env: NodeJS.ProcessEnv): DeliveryOptions {
  return {
    ...DEFAULT_DELIVERY_OPTIONS,
    maxAttempts: whole(env, 'PUSH_MAX_ATTEMPTS', DEFAULT_DELIVERY_OPTIONS.maxAttempts, 1, 50),
    retryBaseMs: whole(env, 'PUSH_RETRY_BASE_MS', DEFAULT_DELIVERY_OPTIONS.retryBaseMs, 10, 3_600_000),
  };
}

/**
 * The senders of the channels configured in `env` (none when push is off), and a close() that
 * releases them. `agents` route the calls elsewhere (tests: local fakes of FCM and a push service).
 */
export function createPushSenders(env: NodeJS.ProcessEnv, logger: Logger, agents: { fcm?: import('node:http').Agent; webPush?: import('node:https').Agent } = {}): { senders: PushSenders; close(): Promise<void> } {
  const config = readPushConfig(env);
  for (const problem of config.problems) logger.warn(problem);
  logger.info(describePush(config, env));
  const senders: PushSenders = {};
  if (config.fcm) {
    const fcm = createFcmSender(config.fcm, { httpAgent: agents.fcm });
    senders.ios = fcm;
    senders.android = fcm;
  }
  if (config.webPush) senders.web = createWebPushSender(config.webPush, { agent: agents.webPush });
  return {
    senders,
    async close() {
      await senders.ios?.close?.();
    },
  };
}
