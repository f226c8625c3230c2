import type { DevicePlatform, PushMessage } from '@vouch/contracts';

/**
 * What one attempt came to: `sent`; `invalid-token` (the service says the token or subscription
 * no longer exists: the device is pruned); `retry` (the service or the network failed for now);
 * `failed` (refused for good, e.g. our credentials: kept for an operator, not retried).
 */
export type SendOutcome = { result: 'sent' } | { result: 'invalid-token' | 'retry' | 'failed'; error: string };

/** One delivery channel (FCM or Web Push) as the worker uses it. */
export interface PushSender {
  readonly name: string;
  send(device: { platform: DevicePlatform; token: string }, message: PushMessage): Promise<SendOutcome>;
  close?(): Promise<void>;
}

/** The senders of the channels that are on, by platform. */
export type PushSenders = Partial<Record<DevicePlatform, PushSender>>;
