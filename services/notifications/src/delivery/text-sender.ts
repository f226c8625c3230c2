// Texts (SMS) through Twilio Programmable Messaging, or, in development mode, into the dev SMS
// outbox. The worker is their only caller (issue 40: no text leaves from a request handler).
import twilio from 'twilio';
import { addDevSms, maskPhone, type Database, type Logger } from '@vouch/service-core';
import type { TextConfig } from '../config';

/**
 * What one attempt came to: `sent`; `opted-out` (the member replied STOP: texts to them are
 * turned off); `retry` (Twilio or the network failed for now); `failed` (refused for good: a
 * number that cannot take texts, or our credentials).
 */
export type TextOutcome = { result: 'sent' } | { result: 'opted-out' | 'retry' | 'failed'; error: string };

export interface TextSender {
  readonly name: string;
  send(to: string, body: string): Promise<TextOutcome>;
}

/** Twilio error codes: the recipient replied STOP (Advanced Opt-Out). */
const OPTED_OUT = new Set([21610]);
/** A number that cannot take this text (invalid, landline, region not enabled, blocked): retrying changes nothing. */
const UNDELIVERABLE = new Set([21211, 21408, 21612, 21614, 21635, 30004, 30005, 30006, 30007]);

function outcomeOf(error: unknown): TextOutcome {
  const { code, status } = error as { code?: unknown; status?: unknown };
  const text = `${typeof code === 'number' ? `Twilio ${code}: ` : ''}${error instanceof Error ? error.message : String(error)}`;
  if (typeof code === 'number' && OPTED_OUT.has(code)) return { result: 'opted-out', error: text };
  if (typeof code === 'number' && UNDELIVERABLE.has(code)) return { result: 'failed', error: text };
  // 429 and 5xx are Twilio's own trouble, no status is the network: both pass.
  if (typeof status !== 'number' || status === 429 || status >= 500) return { result: 'retry', error: text };
  return { result: 'failed', error: text };
}

/**
 * Programmable Messaging's Messages resource. `httpClient` carries every call (tests: a local
 * fake that speaks Twilio's wire format).
 */
export function createTwilioTextSender(config: Extract<TextConfig, { channel: 'twilio' }>, options: { httpClient?: InstanceType<typeof twilio.RequestClient> } = {}): TextSender {
  const client = twilio(config.accountSid, config.authToken, { timeout: 10_000, ...(options.httpClient ? { httpClient: options.httpClient } : {}) });
  return {
    name: 'Twilio Messaging',
    async send(to, body) {
      try {
        await client.messages.create({ to, body, ...config.sender });
        return { result: 'sent' };
      } catch (error) {
        return outcomeOf(error);
      }
    },
  };
}

/** Development mode: the dev SMS outbox (GET /api/dev/sms-outbox) and a log line with the phone masked. */
export function createDevOutboxTextSender(db: Database, logger: Pick<Logger, 'info'>): TextSender {
  return {
    name: 'dev SMS outbox',
    async send(to, body) {
      await addDevSms(db, { to, body, code: null, sentAt: new Date().toISOString() });
      logger.info(`[dev sms] to ${maskPhone(to)}: ${body}`);
      return { result: 'sent' };
    },
  };
}
